// Join the pages' modules into a few files with esbuild (pinned in package.json). Used by build.py.
//
//   node scripts/bundle.mjs SITE ENTRY...
//
// SITE is the folder being built (dist/'s staging copy); each ENTRY a page's module script, relative to SITE (as
// web/app.js). Each entry is rewritten in place with the modules it imports statically, and the code it shares with
// the modules it loads on first use (`import()`) goes into web/chunk-HASH.js files, so that every module still runs
// once per page. The other files of SITE are left as they are (the tutorial's units and the tests import them).
//
// `import.meta.url` in a module that is joined into another file would name that file instead: it is replaced by the
// URL the module had before (its path, resolved against the page's address). The pages that load these modules are
// at SITE's root, so `document.baseURI` is SITE's root folder or a page in it.
import { readFile, rm, symlink } from "node:fs/promises";
import { join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";

const repoRoot = resolve(fileURLToPath(new URL("..", import.meta.url)));
const { build } = await import(join(repoRoot, "node_modules", "esbuild", "lib", "main.js"));

const [site, ...entries] = process.argv.slice(2);
if (!site || entries.length === 0) {
  console.error("usage: bundle.mjs SITE ENTRY...");
  process.exit(2);
}
const siteRoot = resolve(site);
const webRoot = join(siteRoot, "web");

/** @type {import("esbuild").Plugin} */
const moduleUrls = {
  name: "module-urls",
  setup(plugin) {
    plugin.onLoad({ filter: /\.m?js$/ }, async (args) => {
      const text = await readFile(args.path, "utf8");
      if (!text.includes("import.meta")) return undefined;
      if (/\bimport\.meta(?!\.url\b)/.test(text)) {
        return { errors: [{ text: `${args.path}: only import.meta.url can be kept in a joined module` }] };
      }
      const path = relative(siteRoot, args.path).split(sep).join("/");
      const url = `new URL(${JSON.stringify(path)}, document.baseURI).href`;
      return { contents: text.replace(/\bimport\.meta\.url\b/g, url), loader: "js" };
    });
  },
};

// Bare imports (`import … from "trystero"`) resolve to the repository's pinned npm packages, through a link
// SITE/node_modules made for the time of the build (SITE is a staging folder elsewhere). Through the link, the
// comments esbuild writes name node_modules/… whatever folder the site is built in, so a build stays the same.
const modulesLink = join(siteRoot, "node_modules");
await symlink(join(repoRoot, "node_modules"), modulesLink, "dir");
try {
  await build({
    absWorkingDir: siteRoot,
    preserveSymlinks: true,
    entryPoints: entries,
    bundle: true,
    splitting: true,
    format: "esm",
    platform: "browser",
    outdir: webRoot,
    outbase: webRoot,
    allowOverwrite: true,
    chunkNames: "chunk-[hash]",
    charset: "utf8",
    legalComments: "none",
    logLevel: "warning",
    plugins: [moduleUrls],
  });
} finally {
  await rm(modulesLink);
}
