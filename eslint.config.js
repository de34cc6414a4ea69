// The linter (`npm run lint`, and a job of `npm test`: scripts/lint.mjs): eslint's and
// typescript-eslint's recommended rules over lib/ and types/, less those the code breaks on
// purpose (below, each with its reason), and the house rules.
import js from "@eslint/js";
import tseslint from "typescript-eslint";

const SOURCE = ["lib/**/*.ts", "types/**/*.ts"];

export default tseslint.config(
	// Written by the generators (they check themselves), and before-after-hook's own declarations.
	{ ignores: ["types/generated/", "types/before-after-hook.d.ts"] },
	{ files: SOURCE, extends: [js.configs.recommended, ...tseslint.configs.recommended] },
	{
		files: SOURCE,
		rules: {
			// Parameters, headers and options are bags of any values (`Bag`), as octokit types them.
			"@typescript-eslint/no-explicit-any": "off",
			// `{}` and empty interfaces are octokit's own types, kept so that its users' code compiles.
			"@typescript-eslint/no-empty-object-type": "off",
			// `Function` names what a brand check or `instanceof` takes, any class at all.
			"@typescript-eslint/no-unsafe-function-type": "off",
			// The client class and its interface of endpoint methods merge, as `@octokit/rest`'s do.
			"@typescript-eslint/no-unsafe-declaration-merging": "off",
			// Terminal escaping and header checks match control characters on purpose.
			"no-control-regex": "off",
			// An optional import (`@octokit/core`) may be absent: `@ts-expect-error` would then fail.
			"@typescript-eslint/ban-ts-comment": ["error", { "ts-ignore": "allow-with-description" }],
			// `catch {}` is how a best-effort step (a store's value that does not parse) says so.
			"no-empty": ["error", { allowEmptyCatch: true }],
			"no-nested-ternary": "error",
			"prefer-const": "error",
			"@typescript-eslint/no-unused-vars": [
				"error",
				{ argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none", ignoreRestSiblings: true },
			],
		},
	},
	{
		// Lines of lib/ stay within 120 characters, comments and strings too (prettier wraps only code).
		files: ["lib/**/*.ts"],
		rules: { "max-len": ["error", { code: 120, tabWidth: 1 }] },
	},
);
