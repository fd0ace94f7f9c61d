export declare const freePort: () => string;
