import { isPlainObject } from "../common/objects.js";

/**
The path of the first parameter that leads back to one of its own ancestors (`"self"`,
`"labels[0].parent"`), or `undefined`. Only plain objects and arrays are walked: those are what
becomes a JSON body or a query, and a shared but acyclic reference is fine. The `request`
options are not sent, and may hold a plugin's context that refers to itself, so they are skipped.
*/
export function cyclePath(root: unknown): string | undefined {
	const ancestors: object[] = [];
	const visit = (value: unknown, path: string): string | undefined => {
		const isArray = Array.isArray(value);
		if (!isArray && !isPlainObject(value)) return;
		if (ancestors.includes(value)) return path;
		ancestors.push(value);
		for (const key of Object.keys(value)) {
			// `[0]` in an array, `.name` in an object, and a top-level name alone.
			const found =
				(path || key !== "request") &&
				visit((value as Record<string, unknown>)[key], isArray ? `${path}[${key}]` : `${path}${path && "."}${key}`);
			if (found) return found;
		}
		ancestors.pop();
	};
	return visit(root, "");
}
