import { useEffect, useState } from "react";
import {
  colorGroups,
  fontTokens,
  radiusTokens,
  screenTokens,
  shadowTokens,
  zIndexTokens,
} from "./token-catalog";

function useTokenValues(names: readonly string[]) {
  const [values, setValues] = useState<Record<string, string>>({});
  const key = names.join(",");
  useEffect(() => {
    const style = getComputedStyle(document.documentElement);
    setValues(Object.fromEntries(key.split(",").map((name) => [name, style.getPropertyValue(name).trim()])));
  }, [key]);
  return values;
}

const allColorNames = colorGroups.flatMap((group) =>
  group.tokens.flatMap((token) => (token.pair ? [token.name, token.pair] : [token.name])),
);

/** Colour swatches; every value shown is read from the live CSS variables. */
export function ColorTokens() {
  const values = useTokenValues(allColorNames);
  return (
    <div className="flex flex-col gap-6">
      {colorGroups.map((group) => (
        <section key={group.title} aria-label={group.title}>
          <h3 className="mb-3 font-semibold text-base text-foreground">{group.title}</h3>
          <ul className="grid grid-cols-[repeat(auto-fill,minmax(200px,1fr))] gap-3">
            {group.tokens.map((token) => (
              <li
                key={token.name}
                data-token={token.name}
                className="overflow-hidden rounded-md border border-border bg-background"
              >
                <div
                  data-slot="swatch"
                  className="flex h-16 items-center justify-center font-medium text-sm"
                  style={{
                    background: `var(${token.name})`,
                    color: token.pair ? `var(${token.pair})` : undefined,
                  }}
                >
                  {token.pair ? "拾念 Aa" : null}
                </div>
                <div className="flex flex-col gap-0.5 p-2 text-xs">
                  <span className="font-medium text-foreground">{token.label}</span>
                  <code className="text-muted-foreground">{token.name}</code>
                  <code data-slot="value" className="text-muted-foreground">
                    {values[token.name] ?? ""}
                  </code>
                </div>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

/** Radius, shadow, layer and font tokens, read live. */
export function ShapeTokens() {
  const values = useTokenValues([
    ...radiusTokens,
    ...shadowTokens,
    ...zIndexTokens.map((t) => t.name),
    ...fontTokens.map((t) => t.name),
    ...screenTokens.map((t) => t.name),
  ]);
  return (
    <div className="flex flex-col gap-6 text-sm text-foreground">
      <section aria-label="圆角">
        <h3 className="mb-3 font-semibold text-base">圆角</h3>
        <div className="flex flex-wrap gap-4">
          {radiusTokens.map((name) => (
            <figure key={name} data-token={name} className="flex flex-col items-center gap-1">
              <div
                className="size-16 border-2 border-primary bg-primary-soft"
                style={{ borderRadius: `var(${name})` }}
              />
              <figcaption className="text-muted-foreground text-xs">
                <code>{name}</code> {values[name]}
              </figcaption>
            </figure>
          ))}
        </div>
      </section>
      <section aria-label="阴影">
        <h3 className="mb-3 font-semibold text-base">阴影</h3>
        <div className="flex flex-wrap gap-6">
          {shadowTokens.map((name) => (
            <figure key={name} data-token={name} className="flex flex-col items-center gap-2">
              <div className="size-20 rounded-md bg-background" style={{ boxShadow: `var(${name})` }} />
              <figcaption className="text-muted-foreground text-xs">
                <code>{name}</code>
              </figcaption>
            </figure>
          ))}
        </div>
      </section>
      <section aria-label="层级">
        <h3 className="mb-3 font-semibold text-base">层级（z-index）</h3>
        <table className="w-full max-w-lg border-collapse text-left">
          <thead>
            <tr className="border-border border-b text-muted-foreground">
              <th className="py-1 font-medium">令牌</th>
              <th className="py-1 font-medium">值</th>
              <th className="py-1 font-medium">用途</th>
            </tr>
          </thead>
          <tbody>
            {zIndexTokens.map((token) => (
              <tr key={token.name} data-token={token.name} className="border-border border-b">
                <td className="py-1">
                  <code>{token.name}</code>
                </td>
                <td className="py-1" data-slot="value">
                  {values[token.name]}
                </td>
                <td className="py-1">{token.use}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <section aria-label="屏幕尺寸">
        <h3 className="mb-3 font-semibold text-base">屏幕尺寸</h3>
        <dl className="grid max-w-lg grid-cols-[auto_1fr] gap-x-4 gap-y-2">
          {screenTokens.map((token) => (
            <div key={token.name} data-token={token.name} className="contents">
              <dt>
                <code className="text-xs">{token.name}</code>{" "}
                <span data-slot="value" className="font-medium">
                  {values[token.name]}
                </span>
              </dt>
              <dd className="text-muted-foreground">{token.use}</dd>
            </div>
          ))}
        </dl>
      </section>
      <section aria-label="字体">
        <h3 className="mb-3 font-semibold text-base">字体（中文优先）</h3>
        {fontTokens.map((token) => (
          <p
            key={token.name}
            data-token={token.name}
            className="mb-2 text-lg"
            style={{ fontFamily: `var(${token.name})` }}
          >
            {token.sample}
            <code className="ml-3 text-muted-foreground text-xs">{token.name}</code>
          </p>
        ))}
      </section>
    </div>
  );
}
