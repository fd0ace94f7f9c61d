import { createStore, type UseStore } from "idb-keyval";

/** An idb-keyval store opened on first use, not at import (a module may load on a page that never needs it). */
export function lazyStore(dbName: string, storeName: string): () => UseStore {
  let store: UseStore | undefined;
  return () => {
    store ??= createStore(dbName, storeName);
    return store;
  };
}
