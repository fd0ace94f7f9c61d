import type { Config } from "tailwindcss";

const tone = (name: string) => ({
  DEFAULT: `var(--sn-${name})`,
  foreground: `var(--sn-${name}-foreground)`,
  soft: `var(--sn-${name}-soft)`,
  "soft-foreground": `var(--sn-${name}-soft-foreground)`,
});

/** Maps utility names to the CSS variables of packages/ui/src/styles/tokens.css. */
export default {
  content: ["./packages/*/src/**/*.{ts,tsx,mdx}", "./.storybook/**/*.{ts,tsx}", "./app/src/**/*.{ts,tsx}"],
  theme: {
    extend: {
      colors: {
        primary: { ...tone("primary"), hover: "var(--sn-primary-hover)" },
        brand: "var(--sn-brand)",
        success: tone("success"),
        warning: tone("warning"),
        error: tone("error"),
        info: tone("info"),
        background: "var(--sn-background)",
        foreground: "var(--sn-foreground)",
        surface: "var(--sn-surface)",
        muted: { DEFAULT: "var(--sn-muted)", foreground: "var(--sn-muted-foreground)" },
        subtle: { DEFAULT: "var(--sn-subtle)", foreground: "var(--sn-subtle-foreground)" },
        border: "var(--sn-border)",
        input: "var(--sn-input)",
        ring: "var(--sn-ring)",
        highlight: { DEFAULT: "var(--sn-highlight)", foreground: "var(--sn-highlight-foreground)" },
        overlay: "var(--sn-overlay)",
      },
      borderRadius: {
        sm: "var(--sn-radius-sm)",
        md: "var(--sn-radius-md)",
        lg: "var(--sn-radius-lg)",
        full: "var(--sn-radius-full)",
      },
      boxShadow: {
        sm: "var(--sn-shadow-sm)",
        md: "var(--sn-shadow-md)",
        lg: "var(--sn-shadow-lg)",
      },
      zIndex: {
        base: "var(--sn-z-base)",
        sticky: "var(--sn-z-sticky)",
        dropdown: "var(--sn-z-dropdown)",
        overlay: "var(--sn-z-overlay)",
        dialog: "var(--sn-z-dialog)",
        floating: "var(--sn-z-floating)",
      },
      fontFamily: {
        sans: "var(--sn-font-sans)",
        mono: "var(--sn-font-mono)",
      },
    },
  },
} satisfies Config;
