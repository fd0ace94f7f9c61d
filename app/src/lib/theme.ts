/** 外观: kept per device. public/boot.js applies it (and the system's setting) to <html data-theme>. */
export type ThemeChoice = "system" | "light" | "dark";

const KEY = "shinian:theme";

export function themeChoice(): ThemeChoice {
  try {
    const stored = localStorage.getItem(KEY);
    return stored === "light" || stored === "dark" ? stored : "system";
  } catch {
    return "system";
  }
}

export function chooseTheme(choice: ThemeChoice) {
  try {
    if (choice === "system") localStorage.removeItem(KEY);
    else localStorage.setItem(KEY, choice);
  } catch {
    // Storage blocked: nothing can be kept; boot.js keeps following the system.
  }
  window.dispatchEvent(new Event("shinian-theme"));
}
