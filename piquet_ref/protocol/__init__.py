"""The JSON-lines oracle: each op's JSON input read, its result written as JSON text, and `serve`."""
