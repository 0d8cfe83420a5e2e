/**
 * `npm run codegen`: validates every schema and writes the generated files.
 * `npm run codegen:check` (in `npm test` and CI): fails when a schema is
 * invalid or a generated file is stale.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { generatePages, generateTypes } from './generateFiles.js';
import { loadSchemaFiles, SchemaFileError } from './loadSchemaFiles.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outDir = path.join(root, 'src/shared/generated');

async function main(): Promise<number> {
  const isCheck = process.argv.includes('--check');
  let files;
  try {
    files = loadSchemaFiles(root);
    (await import('./checkMenusAndDictionaries.js')).checkMenusAndDictionaries(root, files);
  } catch (error) {
    if (error instanceof SchemaFileError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  }
  const outputs: Record<string, string> = {
    'entityTypes.ts': await generateTypes(files),
    'pageRegistry.ts': generatePages(files),
  };
  const stale: string[] = [];
  for (const [name, content] of Object.entries(outputs)) {
    const target = path.join(outDir, name);
    const current = fs.existsSync(target) ? fs.readFileSync(target, 'utf8') : undefined;
    if (current === content) continue;
    if (isCheck) stale.push(path.relative(root, target));
    else {
      fs.mkdirSync(outDir, { recursive: true });
      fs.writeFileSync(target, content);
      console.log(`wrote ${path.relative(root, target)}`);
    }
  }
  if (stale.length > 0) {
    console.error(`Generated files are stale: ${stale.join(', ')}. Run \`npm run codegen\` and commit the result.`);
    return 1;
  }
  console.log(`codegen: ${files.length} schemas valid${isCheck ? ', generated files up to date' : ''}`);
  return 0;
}

process.exitCode = await main();
