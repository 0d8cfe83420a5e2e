/** The schema loader lives in the server (it is the one source of schemas at run time); codegen and the tests use it from here too. */
export { loadSchemaFiles, mergeSchemas, SchemaFileError, validateSchemaDocument, PROJECT_ROOT, type SchemaFile } from '../src/server/engine/schemaFiles.js';
