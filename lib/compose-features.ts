import type { Feature, FeatureBody } from "../types/features.js";
import type { HubletOptions } from "../types/options.js";
import type { FeatureStages } from "./http/stage-types.js";
import type { PerCallOption } from "./http/call.js";
import { isOff, ownValue } from "./common/objects.js";
import { STAGE_SLOTS } from "./http/pipeline.js";
import { chainWraps, type Wrap } from "./http/chain-wraps.js";

/*
The one loop that composes a client's features (lib/features/<name>/, each a `Feature`): the
kernel imports none of them, and knows them only by what the class was given.
*/

type AnyFeature = Feature<any, any, any>;

/** Whether a plugin given to `Hublet.plugin()` is a feature rather than a plugin function. */
export const isFeature = (plugin: unknown): plugin is AnyFeature =>
	typeof plugin === "object" && typeof (plugin as { setup?: unknown } | null)?.setup === "function";

/** The value of an option by its path (`request.proxy`), own properties only. */
function optionAt(options: HubletOptions, path: string): unknown {
	let value: unknown = options;
	for (const key of path.split("."))
		value = value !== null && typeof value === "object" ? ownValue(value, key) : undefined;
	return value;
}

/**
Each feature in turn, in the class's order: `check` reads its option (`auth` only when the kernel
left it: `authTaken`), and `setup` says what it adds. Members, and an auth, go on the client as the
loop goes, so a later feature sees an earlier one's (the server tables' `findRoutes`); stages go in
their slots of `stages` (a slot the pipeline lacks, or one another feature filled, is a TypeError),
per-call options to `perCall`. `transport` holds the client's request defaults, where a per-call
option's value for a call that does not give its own is found. Returns the one wrap of the kernel's
(`wrap`, if any): the auth's innermost, so that it runs last, next to the transport, and signs what is
sent; then the features' (the request log), their guards, which refuse before sending, outside them.
Also the options taken (by a feature, and `auth` when the kernel took it) and which feature filled
each slot.
*/
export function composeFeatures(
	client: any,
	options: HubletOptions,
	transport: object,
	stages: FeatureStages,
	perCall: PerCallOption[],
	authTaken: boolean,
) {
	const taken = authTaken ? ["auth"] : [];
	const filled = new Map<string, AnyFeature>();
	const wraps: Wrap[] = [];
	const guards: Wrap[] = [];
	const context = { client, options };
	for (const feature of client.constructor.features as AnyFeature[]) {
		const { name, option, perCall: key, body } = feature;
		const settings = feature.check(
			option && !(option === "auth" && authTaken) ? optionAt(options, option) : undefined,
			option ?? name,
		);
		if (option) taken.push(option);
		if (settings === undefined) continue;
		if (key) perCall.push({ key, feature: name, check: feature.check, given: ownValue(transport, key), settings });
		// The door through which the feature reaches its body: the one its composition carries, or its file.
		const door: FeatureBody<unknown> = {
			now: body,
			load: async (request) => body ?? (feature.load ? feature.load(request) : refuseBodiless(name)),
		};
		const parts = feature.setup(door, settings, context);
		if (!parts) continue;
		if (parts.stages) placeStages(stages, parts.stages, feature, filled);
		Object.assign(client, parts.members);
		if (parts.wrap) wraps.push(parts.wrap);
		if (parts.guard) guards.push(parts.guard);
		if (parts.auth) client.auth = parts.auth;
	}
	// The auth's hook, when it has one, innermost.
	const all: Wrap[] = [client.auth.hook, ...wraps, ...guards].filter(Boolean);
	return { wrap: all.length > 1 ? chainWraps(all) : all[0], taken, filled };
}

/**
A feature's stages into the client's, by their own keys: a slot the pipeline lacks, or one another
feature filled (`filled`: which feature filled each), is a TypeError, its text built only then.
*/
function placeStages(stages: FeatureStages, given: object, feature: AnyFeature, filled: Map<string, AnyFeature>) {
	for (const slot of Object.keys(given)) {
		const other = filled.get(slot);
		if (other || !(STAGE_SLOTS as readonly string[]).includes(slot)) refuseStage(feature.name, slot, other);
		filled.set(slot, feature);
		(stages as Record<string, unknown>)[slot] = (given as Record<string, unknown>)[slot];
	}
}

function refuseBodiless(name: string): never {
	throw new TypeError(`The ${name} feature has no body`);
}

function refuseStage(name: string, slot: string, other: AnyFeature | undefined): never {
	throw new TypeError(
		other
			? `The ${name} and ${other.name} features both fill the pipeline's "${slot}" stage: a class composes one of them`
			: `The ${name} feature fills a stage the pipeline does not have, "${slot}": its stages are ` +
					STAGE_SLOTS.join(", "),
	);
}

/**
A TypeError, naming the import that adds it, for an option that is on and that neither a feature of
the class nor a plugin (by a member of its name: @octokit/plugin-retry's `retry`) took: `needs` maps
each option to the feature that reads it, as the class's entry exports them (`Hublet.optionFeatures`).
*/
export function refuseFeatureless(options: HubletOptions, taken: string[], needs: Readonly<Record<string, string>>) {
	for (const name of Object.keys(needs))
		if (!taken.includes(name) && !isOff(optionAt(options, name))) refuseOption(name, needs[name]);
}

function refuseOption(name: string, feature: string): never {
	throw new TypeError(
		`The "${name}" option needs the ${feature} feature: import { ${feature} } from "@hublet/rest" ` +
			`("@hublet/rest/core" on the core entry) and add it with Hublet.plugin(${feature})`,
	);
}
