"""Checks every JSON Schema in a directory with python-jsonschema, by the validator of the
draft each declares, then validates documents against them:
``python3 python_jsonschema.py SCHEMA_DIR [SCHEMA_FILE DOCUMENT]...``. A document whose name
ends in ``.invalid.json`` must be rejected, any other accepted. Exits 0 when all hold, 1
otherwise, and 77 (with a note) where jsonschema is not installed. Run by
tests/integration/schema_validators.rs; ajv_strict.cjs beside it does the same with Ajv."""

import json
import pathlib
import sys

try:
    import jsonschema
    from referencing import Registry, Resource
except ImportError as error:
    print(f"note: jsonschema is not installed (pip install jsonschema): {error}")
    sys.exit(77)

directory = pathlib.Path(sys.argv[1])
pairs = sys.argv[2:]
schemas = {path.name: json.loads(path.read_text()) for path in sorted(directory.glob("*.json"))}
# Every schema is known by its $id, so that one may refer to another.
registry = Registry().with_resources(
    (schema["$id"], Resource.from_contents(schema)) for schema in schemas.values()
)

failed = False
validators = {}
for name, schema in schemas.items():
    declared = schema.get("$schema", "").rstrip("#")
    validator = jsonschema.validators.validator_for(schema, default=None)
    if validator is None or validator.META_SCHEMA["$id"].rstrip("#") != declared:
        print(f"{name}: python-jsonschema has no validator for $schema {declared!r}")
        failed = True
        continue
    try:
        validator.check_schema(schema)
    except jsonschema.SchemaError as error:
        print(f"{name}: {error.message} at {list(error.absolute_path)}")
        failed = True
        continue
    validators[name] = validator(schema, registry=registry)

for schema, document in zip(pairs[::2], pairs[1::2]):
    if schema not in validators:
        continue
    errors = list(validators[schema].iter_errors(json.loads(pathlib.Path(document).read_text())))
    if document.endswith(".invalid.json"):
        if not errors:
            print(f"{document}: accepted by {schema}, which should reject it")
            failed = True
    elif errors:
        print(f"{document} against {schema}: {errors[0].message} at {list(errors[0].absolute_path)}")
        failed = True

print(f"{len(schemas)} schemas, {len(pairs) // 2} documents: {'failed' if failed else 'ok'}")
sys.exit(1 if failed else 0)
