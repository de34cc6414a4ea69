/**
A feature's per-call option (`request.retry`): the key under a call's `request` options, the
feature's check, and the client's own value with the settings it was checked into, which a call
that does not override it shares without a second check (readCall, http/request.ts).
*/
export interface PerCallOption {
	readonly key: string;
	readonly feature: string;
	readonly check: (option: unknown, name: string) => unknown;
	readonly given: unknown;
	readonly settings: unknown;
}
