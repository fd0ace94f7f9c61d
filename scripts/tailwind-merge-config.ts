// tailwind-merge's default config knows every Tailwind class group (~9 kB of the first screens' JS,
// gzipped); cn() only ever sees the classes packages/ui and the app write. This writes a config
// with only the class groups those classes belong to, kept whole and in the default order, so that
// cn() resolves and merges them exactly as the full config does (packages/ui/src/lib/cn.test.ts
// checks every pair, and that the file is current).
//   node scripts/tailwind-merge-config.ts          rewrites packages/ui/src/lib/tailwind-merge-config.gen.ts
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { __unstable__loadDesignSystem } from "@tailwindcss/node";
import { Scanner } from "@tailwindcss/oxide";
import { type Config, createTailwindMerge, getDefaultConfig, mergeConfigs, validators } from "tailwind-merge";
import { tailwindMergeExtension } from "../packages/ui/src/lib/tailwind-merge-extension.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const generatedConfigPath = path.join(root, "packages/ui/src/lib/tailwind-merge-config.gen.ts");
/** Where the class names that reach cn() are written. */
const sources = ["packages/ui/src", "app/src"];

/** Every class Tailwind generates CSS for in the sources, sorted: what cn() can be given. */
export async function usedClasses(): Promise<string[]> {
  const scanner = new Scanner({
    sources: [
      ...sources.map((dir) => ({ base: path.join(root, dir), pattern: "**/*", negated: false })),
      // The generated config names every class of the groups it keeps, used or not.
      { base: path.dirname(generatedConfigPath), pattern: path.basename(generatedConfigPath), negated: true },
    ],
  });
  const candidates = [...new Set(scanner.scan())].sort();
  const stylesPath = path.join(root, "app/src/styles.css");
  const design = await __unstable__loadDesignSystem(readFileSync(stylesPath, "utf8"), {
    base: path.dirname(stylesPath),
  });
  const css = design.candidatesToCss(candidates);
  return candidates.filter((_, i) => css[i]);
}

/** tailwind-merge's default config with the design system's extension: what cn() used before pruning. */
export const fullConfig = (): Config<string, string> =>
  mergeConfigs(getDefaultConfig(), tailwindMergeExtension);

/** The class groups at least one of the classes belongs to, in the config's order. */
function groupsOf(config: Config<string, string>, classes: string[]): string[] {
  const only = (classGroups: Config<string, string>["classGroups"]) =>
    createTailwindMerge(() => ({
      ...config,
      classGroups,
      conflictingClassGroups: {},
      conflictingClassGroupModifiers: {},
    }));
  // A recognised class's duplicate is dropped; an unknown class is kept twice. Arbitrary
  // properties (`[content-visibility:auto]`) are recognised without any class group.
  const recognises = (merge: (classes: string) => string, name: string) => merge(`${name} ${name}`) === name;
  const none = only({});
  const grouped = classes.filter((name) => !recognises(none, name));
  return Object.keys(config.classGroups).filter((group) => {
    const alone = only({ [group]: config.classGroups[group]! });
    return grouped.some((name) => recognises(alone, name));
  });
}

type ClassGroups = Config<string, string>["classGroups"];

/** A class without its variants (`md:hover:p-2` → `p-2`) and important mark. */
function withoutVariants(name: string): string {
  let depth = 0;
  let start = 0;
  for (let i = 0; i < name.length; i++) {
    const c = name[i];
    if (c === "[" || c === "(") depth++;
    else if (c === "]" || c === ")") depth--;
    else if (c === ":" && depth === 0) start = i + 1;
  }
  return name.slice(start).replace(/^!|!$/g, "");
}

/**
 * Which class group a class resolves to, through tailwind-merge itself: each group gets a probe
 * class that conflicts with it alone, and the probe is dropped only before a class of that group.
 */
function groupTester(config: Config<string, string>, classGroups: ClassGroups) {
  const ids = Object.keys(classGroups);
  const merge = createTailwindMerge(() => ({
    ...config,
    classGroups: {
      ...classGroups,
      ...Object.fromEntries(ids.map((_, i) => [`probe..${i}`, [`zzprobe${i}`]])),
    },
    conflictingClassGroups: Object.fromEntries(ids.map((id, i) => [id, [`probe..${i}`]])),
    conflictingClassGroupModifiers: {},
  }));
  return (group: string, name: string) => merge(`zzprobe${ids.indexOf(group)} ${name}`) === name;
}

/** A copy of the class groups' definitions that can be cut without touching tailwind-merge's. */
const copy = <T>(value: T): T =>
  Array.isArray(value)
    ? (value.map(copy) as T)
    : value && typeof value === "object"
      ? (Object.fromEntries(Object.entries(value).map(([k, v]) => [k, copy(v)])) as T)
      : value;

/**
 * Drops each part of a group's definition (a value, a validator, a theme scale) that none of the
 * classes needs: kept only if without it one of the group's classes no longer resolves to the group.
 */
function trimDefinitions(config: Config<string, string>, classGroups: ClassGroups, classes: string[]) {
  const names = [...new Set(classes.map(withoutVariants))];
  const before = groupTester(config, classGroups);
  const groups = copy(classGroups);
  for (const group of Object.keys(groups)) {
    const members = names.filter((name) => before(group, name));
    const stillResolves = () => {
      const test = groupTester(config, groups);
      return members.every((name) => test(group, name));
    };
    const trim = (definition: unknown[]) => {
      for (let i = definition.length - 1; i >= 0; i--) {
        const part = definition[i];
        if (part && typeof part === "object" && !Array.isArray(part) && typeof part !== "function") {
          const byPrefix = part as Record<string, unknown[]>;
          for (const key of Object.keys(byPrefix)) {
            trim(byPrefix[key]!);
            if (byPrefix[key]!.length === 0) delete byPrefix[key];
          }
          if (Object.keys(byPrefix).length === 0) definition.splice(i, 1);
          continue;
        }
        definition.splice(i, 1);
        if (!stillResolves()) definition.splice(i, 0, part);
      }
    };
    trim(groups[group] as unknown[]);
  }
  return groups;
}

const validatorNames = new Map<unknown, string>(Object.entries(validators).map(([name, fn]) => [fn, name]));

/** The theme key a `fromTheme(key)` getter reads. */
function themeKeyOf(getter: (theme: unknown) => unknown): string {
  let key = "";
  getter(
    new Proxy(
      {},
      {
        get: (_, k) => {
          key = String(k);
          return [];
        },
      },
    ),
  );
  return key;
}

const isThemeGetter = (value: unknown): value is (theme: unknown) => unknown =>
  typeof value === "function" && (value as { isThemeGetter?: boolean }).isThemeGetter === true;

/** Source text for a config value; records the validators and theme keys it uses. */
function source(value: unknown, used: { validators: Set<string>; themeKeys: Set<string> }): string {
  if (typeof value === "string" || typeof value === "number") return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map((v) => source(v, used)).join(", ")}]`;
  if (isThemeGetter(value)) {
    const key = themeKeyOf(value);
    used.themeKeys.add(key);
    return `fromTheme(${JSON.stringify(key)})`;
  }
  if (typeof value === "function") {
    const name = validatorNames.get(value);
    if (!name) throw new Error(`a function in tailwind-merge's config that is not a validator: ${value}`);
    used.validators.add(name);
    return name;
  }
  if (value && typeof value === "object") {
    const entries = Object.entries(value).map(([k, v]) => `${JSON.stringify(k)}: ${source(v, used)}`);
    return `{ ${entries.join(", ")} }`;
  }
  throw new Error(`unexpected value in tailwind-merge's config: ${String(value)}`);
}

/** The text of tailwind-merge-config.gen.ts for the classes the sources use now. */
export async function generateConfigFile(): Promise<string> {
  const config = fullConfig();
  const classes = await usedClasses();
  const kept = new Set(groupsOf(config, classes));
  const only = (ids: readonly string[] | undefined) => (ids ?? []).filter((id) => kept.has(id));
  const pick = <T>(record: Record<string, T>, map: (value: T) => unknown) =>
    Object.fromEntries(
      Object.entries(record)
        .filter(([id]) => kept.has(id))
        .map(([id, value]) => [id, map(value)]),
    );
  const used = { validators: new Set<string>(), themeKeys: new Set<string>() };
  const classGroups = source(
    trimDefinitions(config, pick(config.classGroups, (v) => v) as ClassGroups, classes),
    used,
  );
  const conflicts = source(
    pick(config.conflictingClassGroups, (ids) => only(ids as readonly string[])),
    used,
  );
  const modifierConflicts = source(
    pick(config.conflictingClassGroupModifiers, (ids) => only(ids as readonly string[])),
    used,
  );
  // Theme scales can refer to other theme scales: follow them until no new key appears.
  let theme = "";
  for (let size = -1; size !== used.themeKeys.size; ) {
    size = used.themeKeys.size;
    theme = source(
      Object.fromEntries(Object.entries(config.theme).filter(([key]) => used.themeKeys.has(key))),
      used,
    );
  }
  const validatorList = [...used.validators].sort();
  return `// Generated by scripts/tailwind-merge-config.ts: tailwind-merge's default config (with
// tailwind-merge-extension.ts) cut to the ${kept.size} class groups that packages/ui's and the app's classes
// belong to. Do not edit; after changing classes run \`node scripts/tailwind-merge-config.ts\`.
import { type Config, fromTheme, validators } from "tailwind-merge";

const { ${validatorList.join(", ")} } = validators;

export const tailwindMergeConfig = (): Config<string, string> => ({
  cacheSize: ${JSON.stringify(config.cacheSize)},
  theme: ${theme},
  classGroups: ${classGroups},
  conflictingClassGroups: ${conflicts},
  conflictingClassGroupModifiers: ${modifierConflicts},
  orderSensitiveModifiers: ${source(config.orderSensitiveModifiers, used)},
});
`;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  writeFileSync(generatedConfigPath, await generateConfigFile());
  console.log(`wrote ${path.relative(root, generatedConfigPath)}`);
}
