/**
 * A vite plugin that rewrites named imports from antd and @ant-design/icons to
 * the components' own modules: `import { Button, Form as F } from 'antd'`
 * becomes `import Button from 'antd/es/button'; import F from 'antd/es/form'`.
 *
 * Why: the bundler places a module in the chunk of every importer it can reach
 * statically, and the package index reaches every component another chunk uses.
 * Through the index, the table, date picker and collapse of lazily loaded pages
 * (and every icon any page names) landed in the chunks the sign-in page loads.
 * Importing each component from its own module keeps it in the chunks of the
 * pages that use it. The same rewrite applies inside libraries (formily).
 */
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import type { Plugin } from 'vite';

/** Export name → module (package-relative, no extension) for exports that are a module's default export. */
type DefaultExports = Map<string, string>;

const require = createRequire(import.meta.url);

/** Reads `export { default as Name } from './dir'` lines of an ES index, following `export * from './x'` one level. */
function readDefaultExports(indexFile: string, prefix: string): DefaultExports {
  const exports: DefaultExports = new Map();
  const source = fs.readFileSync(indexFile, 'utf8');
  for (const match of source.matchAll(/export \{ default as (\w+) \} from ["'](\.\/[\w/-]+)["']/g)) {
    exports.set(match[1], path.posix.join(prefix, match[2]));
  }
  for (const match of source.matchAll(/export \* from ["'](\.\/[\w/-]+)["']/g)) {
    const nested = path.join(path.dirname(indexFile), `${match[1]}/index.js`);
    if (!fs.existsSync(nested)) continue;
    for (const [name, target] of readDefaultExports(nested, path.posix.join(prefix, match[1]))) exports.set(name, target);
  }
  return exports;
}

function packageExports(name: string): DefaultExports {
  const root = path.dirname(require.resolve(`${name}/package.json`));
  return readDefaultExports(path.join(root, 'es/index.js'), `${name}/es`);
}

/** One `import { … } from 'pkg'` statement rewritten; names the index does not map stay on the index import. */
function rewriteImport(specifiers: string, pkg: string, exports: DefaultExports): string {
  const direct: string[] = [];
  const kept: string[] = [];
  for (const raw of specifiers.split(',')) {
    const specifier = raw.trim();
    if (!specifier) continue;
    const [imported, local = imported] = specifier.split(/\s+as\s+/).map((part) => part.trim());
    const target = exports.get(imported);
    if (target) direct.push(`import ${local} from '${target}';`);
    else kept.push(specifier);
  }
  if (kept.length) direct.push(`import { ${kept.join(', ')} } from '${pkg}';`);
  return direct.join(' ');
}

export function barrelImports(packages: string[] = ['antd', '@ant-design/icons']): Plugin {
  const maps = new Map<string, DefaultExports>();
  const names = packages.map((pkg) => pkg.replace(/[/@.-]/g, (c) => `\\${c}`)).join('|');
  const pattern = new RegExp(`import\\s*\\{([^}]*)\\}\\s*from\\s*["'](${names})["'];?`, 'g');
  return {
    name: 'barrel-imports',
    // After TypeScript is stripped: type-only specifiers are gone by then.
    transform(code, id) {
      if (!/\.[cm]?[jt]sx?(\?|$)/.test(id) || !packages.some((pkg) => code.includes(pkg))) return null;
      let changed = false;
      const rewritten = code.replace(pattern, (_statement, specifiers: string, pkg: string) => {
        if (!maps.has(pkg)) maps.set(pkg, packageExports(pkg));
        changed = true;
        return rewriteImport(specifiers, pkg, maps.get(pkg)!);
      });
      return changed ? { code: rewritten, map: null } : null;
    },
  };
}
