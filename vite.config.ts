import { defineConfig, type Plugin } from "vite";
import react from "@vitejs/plugin-react";
import tailwindcss from "@tailwindcss/vite";
import { fileURLToPath } from "node:url";

/**
 * React Router ships one big module whose components are created at the top level
 * (`var Link = React.forwardRef(...)`, `Link.displayName = "Link"`): a bundler must keep them even
 * when the app never uses them (Form, ScrollRestoration, the prefetching of framework mode). Marking
 * those calls pure and dropping the displayName assignments (only React DevTools reads them) lets
 * the unused ones go: about 2 KB gzip off every page (issue 7 budget).
 */
function treeShakeReactRouter(): Plugin {
  return {
    name: "vps:tree-shake-react-router",
    apply: "build",
    transform(code, id) {
      if (!/[\\/]node_modules[\\/]react-router[\\/]dist[\\/].*\.mjs$/.test(id)) return null;
      const out = code
        .replace(/(=\s*)(React\d*\.(?:forwardRef|createContext|memo)\()/g, "$1/* @__PURE__ */ $2")
        .replace(/^[A-Za-z_$][\w$]*\.displayName = [^;\n]+;$/gm, "");
      return out === code ? null : { code: out, map: null };
    },
  };
}

export default defineConfig({
  root: "src/client",
  publicDir: fileURLToPath(new URL("./public", import.meta.url)),
  plugins: [react(), tailwindcss(), treeShakeReactRouter()],
  resolve: { alias: { "@": fileURLToPath(new URL("./src", import.meta.url)) } },
  build: {
    outDir: fileURLToPath(new URL("./dist/client", import.meta.url)),
    emptyOutDir: true,
    sourcemap: false,
    modulePreload: {
      // Every browser we support preloads modules natively; the polyfill would ride on every page.
      polyfill: false,
      // The HTML preloads the entry's chunks. A lazy chunk's own imports are found when it arrives
      // instead of being listed in the entry: that table of ~40 hashed names cost every page ~0.7 KB
      // gzip. Links fetch the next page's chunk on intent (components/ui/link), which hides the wait.
      resolveDependencies: (_file, deps, { hostType }) => (hostType === "html" ? deps : []),
    },
    rolldownOptions: {
      output: {
        // React, React DOM, React Router and lucide's icon base in one chunk of their own: every page
        // needs them, they change only with a dependency update (so they stay cached across deploys),
        // and one file compresses better than the three the default splitting makes.
        codeSplitting: {
          groups: [
            {
              name: "framework",
              test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]|node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/](createLucideIcon|Icon|defaultAttributes|shared|context)/,
            },
          ],
        },
      },
    },
  },
  server: { proxy: { "/api": "http://localhost:3000" } },
});
