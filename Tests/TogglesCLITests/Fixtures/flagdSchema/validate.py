# Validates a flagd flag file against the vendored schemas: validate.py SCHEMA_FOLDER FILE.
# Exit 0 when valid; 1 with one line per error otherwise.
import json, sys
import jsonschema
from referencing import Registry, Resource
folder, document = sys.argv[1], sys.argv[2]
schemas = [json.load(open(f"{folder}/{name}.json", encoding="utf-8")) for name in ("flags", "targeting")]
registry = Registry().with_resources([(schema["$id"], Resource.from_contents(schema)) for schema in schemas])
# Draft 7 ignores the $id beside flags.json's top-level $ref, so start from its $id.
validator = jsonschema.Draft7Validator({"$ref": schemas[0]["$id"]}, registry=registry)
errors = sorted(validator.iter_errors(json.load(open(document, encoding="utf-8"))), key=str)
for error in errors:
    print("/".join(map(str, error.absolute_path)) + ": " + error.message)
sys.exit(1 if errors else 0)
