#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
# check_json_schema.py SCHEMA DOCUMENT: exit 0 when DOCUMENT follows SCHEMA,
# 1 with the first error otherwise, 3 when python3-jsonschema is missing.
import json
import sys

try:
    import jsonschema
except ImportError:
    print("python3-jsonschema is not installed", file=sys.stderr)
    sys.exit(3)

with open(sys.argv[1], encoding="utf-8") as f:
    schema = json.load(f)
with open(sys.argv[2], encoding="utf-8") as f:
    document = json.load(f)
try:
    jsonschema.validators.validator_for(schema)(schema).validate(document)
except jsonschema.ValidationError as error:
    print(error.message, "at", list(error.absolute_path), file=sys.stderr)
    sys.exit(1)
