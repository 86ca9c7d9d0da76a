// Compiles every JSON Schema in a directory with Ajv 8 in strict mode, then validates
// documents against them: `node ajv_strict.cjs SCHEMA_DIR [SCHEMA_FILE DOCUMENT]...`. A
// document whose name ends in `.invalid.json` must be rejected, any other accepted. Exits 0
// when all hold, 1 otherwise, and 77 (with a note) where Ajv is not installed. Run by
// tests/integration/schema_validators.rs; python_jsonschema.py beside it does the same with
// python-jsonschema.
"use strict";
const fs = require("fs");
const path = require("path");

let Ajv2020;
try {
  Ajv2020 = require("ajv/dist/2020");
} catch (error) {
  console.log(`note: ajv is not installed (npm install ajv ajv-formats): ${error.code}`);
  process.exit(77);
}

const [dir, ...pairs] = process.argv.slice(2);
const files = fs.readdirSync(dir).filter((name) => name.endsWith(".json")).sort();
const schemas = files.map((name) => JSON.parse(fs.readFileSync(path.join(dir, name), "utf8")));
// Strict: unknown keywords, types a keyword does not apply to, required properties not
// defined beside them, loose tuples and the like are errors. Every schema is known by its
// $id, so that one may refer to another.
const ajv = new Ajv2020({ strict: true, allErrors: true, schemas });
try {
  // The schemas use no format now; one that does is checked as Ajv's users check it.
  require("ajv-formats")(ajv);
} catch (error) {
  if (error.code !== "MODULE_NOT_FOUND") throw error;
}

let failed = false;
const compiled = new Map();
files.forEach((name, i) => {
  try {
    compiled.set(name, ajv.getSchema(schemas[i].$id));
  } catch (error) {
    console.log(`${name}: ${error.message}`);
    failed = true;
  }
});
for (let i = 0; i + 1 < pairs.length; i += 2) {
  const [schema, document] = [pairs[i], pairs[i + 1]];
  const validate = compiled.get(schema);
  if (!validate) continue;
  const valid = validate(JSON.parse(fs.readFileSync(document, "utf8")));
  if (document.endsWith(".invalid.json")) {
    if (valid) {
      console.log(`${document}: accepted by ${schema}, which should reject it`);
      failed = true;
    }
  } else if (!valid) {
    console.log(`${document} against ${schema}: ${ajv.errorsText(validate.errors)}`);
    failed = true;
  }
}
console.log(`${files.length} schemas, ${pairs.length / 2} documents: ${failed ? "failed" : "ok"}`);
process.exit(failed ? 1 : 0);
