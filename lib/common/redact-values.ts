/*
Values redacted as a whole (redact.ts's walk), by one of two rules for the strings they hold:
what an error keeps that a server sent or a request held (`redactData`), and what a lower layer
threw (`redactCause`).
*/

import {
	REDACTED,
	isSecretHeader,
	isSecretKey,
	redactCredential,
	redactSecretFields,
	redactText,
	redactValue,
	replaceSecrets,
} from "./redact.js";

/**
A value as an error keeps what a server sent or a request held (`response.data`, GraphQL `errors`,
a request body): a copy, only where something changed, with every secret of `secrets` replaced,
and the `client_secret` and `access_token` values, as keys or in JSON and form text. Plain objects
and class instances (of any realm) and arrays are walked, a URLSearchParams or FormData copied;
anything else is kept. Of `headers`, the `Link` header, URLs, goes through every text rule.
*/
export const redactData = <T>(value: T, secrets: readonly string[], headers?: boolean): T =>
	redactValue(
		value,
		(text, key) => {
			if (isSecretKey(key)) return REDACTED;
			if (headers && key === "link") return redactText(text, secrets);
			return redactSecretFields(replaceSecrets(text, secrets));
		},
		false,
	);

/**
What a lower layer threw (a fetch's error, a parser's, a thrown plain object or string), as Hublet
keeps it as a `cause`: the same value when nothing in it is secret, otherwise a copy of the same
class, of any realm, with every string it holds redacted by every text rule: its `message`,
`stack`, `cause` chain and `errors`, own properties enumerable or not, and what its objects,
arrays, Maps, Sets and URLs hold; an `authorization` value keeps only its scheme, and a
`client_secret` or `access_token` value is replaced whatever it is.
*/
export const redactCause = (cause: unknown, secrets: readonly string[]): unknown => {
	const rule = (text: string, key?: unknown) => {
		if (isSecretKey(key)) return REDACTED;
		return isSecretHeader(key) ? redactCredential(text) : redactText(text, secrets);
	};
	return redactValue(cause, rule, true);
};
