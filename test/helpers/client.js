// A client whose log is captured, so tests can assert on warnings and keep the output clean.
import { Hublet } from "../../dist/index.js";

export function capturingLog() {
	const lines = { debug: [], info: [], warn: [], error: [] };
	const log = {};
	for (const level of Object.keys(lines)) log[level] = (...args) => lines[level].push(args.join(" "));
	return { log, lines };
}

/** A client of `Class` (the full client by default) with fast retries and a captured log. */
export function testClient({ Hublet: Class = Hublet, ...options } = {}) {
	const { log, lines } = capturingLog();
	const client = new Class({ retry: { minTimeout: 1, maxTimeout: 5 }, log, ...options });
	return { client, lines };
}

/** Freezes a value and everything inside it, so a mutation throws in strict mode. */
export function deepFreeze(value) {
	if (value && typeof value === "object" && !Object.isFrozen(value)) {
		Object.freeze(value);
		for (const child of Object.values(value)) deepFreeze(child);
	}
	return value;
}

/** The error a call rejects with; fails the test when the call succeeds. */
export async function rejection(promise) {
	try {
		await promise;
	} catch (error) {
		return error;
	}
	throw new Error("should have thrown");
}
