// Runs before the first paint (a module script would run after it): sets <html data-theme> from
// the choice kept on this device (/profile → 外观), or from the system's setting. The app asks it
// to re-read the choice with a "shinian-theme" event, so this logic lives in one place.
(() => {
  const system = matchMedia("(prefers-color-scheme: dark)");
  const apply = () => {
    let choice = "system";
    try {
      choice = localStorage.getItem("shinian:theme") || "system";
    } catch {
      // storage blocked: follow the system
    }
    const dark = choice === "dark" || (choice !== "light" && system.matches);
    document.documentElement.dataset.theme = dark ? "dark" : "light";
  };
  apply();
  system.addEventListener("change", apply);
  addEventListener("shinian-theme", apply);
  addEventListener("storage", (event) => {
    if (event.key === "shinian:theme") apply();
  });
})();
