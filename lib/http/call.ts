import type { RequestOptions } from "../../types/endpoint.js";
import { RequestError } from "../common/errors.js";
import { ownValue } from "../common/objects.js";
import { timeoutProblem } from "../common/race.js";
import { redactUrl } from "../common/redact.js";
import type { Call, CallSettings } from "./stage-types.js";

/**
A feature's per-call option (`request.retry`): the key under a call's `request` options, the
feature's check, and the client's own value with the settings it was checked into, which a call
that does not override it shares without a second check.
*/
export interface PerCallOption {
	readonly key: string;
	readonly feature: string;
	readonly check: (option: unknown, name: string) => unknown;
	readonly given: unknown;
	readonly settings: unknown;
}

/**
The call's options that the stages share, read once where the pipeline begins (below the hook
chain, so that what a plugin's wrap changed is what counts). A value the caller gave for this
call goes through its feature's check, as the client's option did when the client was built: a
bad one is a TypeError that names it, and the call stops before anything is sent or retried.
*/
export function readCall(request: RequestOptions, perCall: readonly PerCallOption[]): Call {
	const options = request.request ?? {};
	const timeout = options.timeout;
	if (timeout !== undefined && timeoutProblem(timeout, 0)) throw invalidTimeout(request, timeout);
	const settings: Record<string, unknown> = {};
	for (const option of perCall) {
		const value = ownValue(options, option.key);
		settings[option.feature] = value === option.given ? option.settings : checked(option, value, request);
	}
	const fetch = options.fetch ?? undefined;
	// Each key a feature's name, each value what that feature's check gave: the shape it declares.
	return {
		signal: options.signal ?? undefined,
		timeout: (timeout as number) || 0,
		fetch,
		settings: settings as CallSettings,
	};
}

function invalidTimeout(request: RequestOptions, timeout: unknown): RequestError {
	const problem = timeoutProblem(timeout, 0);
	const message = `Invalid request.timeout for ${request.method} ${redactUrl(request.url)}: it ${problem}`;
	return new RequestError(message, 400, { request, code: "INVALID_REQUEST" });
}

function checked(option: PerCallOption, value: unknown, request: RequestOptions): unknown {
	try {
		return option.check(value, `request.${option.key}`);
	} catch (error) {
		if (error instanceof TypeError) error.message = `${request.method} ${redactUrl(request.url)}: ${error.message}`;
		throw error;
	}
}
