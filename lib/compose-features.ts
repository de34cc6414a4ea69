import type { Feature, FeatureBody, FeatureContext } from "../types/features.js";
import type { HubletOptions } from "../types/options.js";
import type { FeatureStages } from "./http/stage-types.js";
import type { PerCallOption } from "./http/call.js";
import { isOff, ownValue } from "./common/objects.js";
import { STAGE_SLOTS } from "./http/pipeline.js";

/*
The one loop that composes a client's features (lib/features/<name>/, each a `Feature`): the
kernel imports none of them, and knows them only by what the class was given.
*/

/** Whether a plugin given to `Hublet.plugin()` is a feature rather than a plugin function. */
export const isFeature = (plugin: unknown): plugin is Feature<any, any, any> =>
	typeof plugin === "object" && plugin !== null && typeof (plugin as { setup?: unknown }).setup === "function";

/** The value of an option by its path (`request.proxy`), own properties only. */
function optionAt(options: HubletOptions, path: string): unknown {
	let value: unknown = options;
	for (const key of path.split("."))
		value = value !== null && typeof value === "object" ? ownValue(value, key) : undefined;
	return value;
}

const doors = new WeakMap<object, FeatureBody<unknown>>();

/**
The door through which a feature reaches its body: the one its composition carries, or its file,
loaded at the first use. One per feature, shared by its clients.
*/
function bodyOf<Body>(feature: Feature<unknown, Body>): FeatureBody<Body> {
	let door = doors.get(feature) as FeatureBody<Body> | undefined;
	if (!door) {
		const given = feature.body;
		door = {
			now: given,
			load: (request) => {
				if (given) return Promise.resolve(given);
				return feature.load
					? feature.load(request)
					: Promise.reject(new TypeError(`The ${feature.name} feature has no body`));
			},
		};
		doors.set(feature, door);
	}
	return door;
}

/** What the features of a class add to one client. */
export interface ComposedFeatures {
	stages: FeatureStages;
	perCall: PerCallOption[];
	wraps: Array<(request: any, options: any) => unknown>;
	/** Wraps that refuse before sending, placed outside `wraps`. */
	guards: Array<(request: any, options: any) => unknown>;
	auth: unknown;
	/** The options some feature of the class read (and `auth` when the kernel took it). */
	taken: Set<string>;
	/** The features that may step aside for a plugin (`stepsAside`), with the stage slots each filled. */
	aside: Array<[Feature<any, any, any>, string[]]>;
}

/**
Each feature in turn, in the class's order: `check` reads its option (`auth` only when the kernel
left it: `authTaken`), and `setup` says what it adds. Members go on the client as the loop goes, so
a later feature sees an earlier one's (the server tables' `findRoutes`); stages, wraps and auth are
handed back for the client to place. `requestOptions` are the client's request defaults, where a
per-call option's value for a call that does not give its own is found.
*/
export function composeFeatures(
	features: readonly Feature<any, any, any>[],
	options: HubletOptions,
	requestOptions: object,
	authTaken: boolean,
	context: FeatureContext,
): ComposedFeatures {
	const taken = new Set(authTaken ? ["auth"] : []);
	const composed: ComposedFeatures = {
		stages: {},
		perCall: [],
		wraps: [],
		guards: [],
		auth: undefined,
		taken,
		aside: [],
	};
	const filled = new Map<string, string>();
	for (const feature of features) {
		const option =
			feature.option === undefined || (feature.option === "auth" && authTaken)
				? undefined
				: optionAt(options, feature.option);
		const settings = feature.check(option, feature.option ?? feature.name);
		if (feature.option) composed.taken.add(feature.option);
		if (settings === undefined) continue;
		if (feature.perCall)
			composed.perCall.push({
				key: feature.perCall,
				feature: feature.name,
				check: feature.check,
				given: ownValue(requestOptions, feature.perCall),
				settings,
			});
		const parts = feature.setup(bodyOf(feature), settings, context);
		if (!parts) continue;
		const slots = placeStages(composed.stages, parts.stages, feature.name, filled);
		if (feature.stepsAside && slots.length) composed.aside.push([feature, slots]);
		if (parts.members) Object.assign(context.client, parts.members);
		if (parts.wrap) composed.wraps.push(parts.wrap);
		if (parts.guard) composed.guards.push(parts.guard);
		if (parts.auth) composed.auth = parts.auth;
	}
	return composed;
}

/**
A feature's stages into the client's: a slot the pipeline lacks, or one another feature filled
(`filled`: which feature filled each), is a TypeError. Returns the slots it filled.
*/
function placeStages(
	stages: FeatureStages,
	given: object | undefined,
	name: string,
	filled: Map<string, string>,
): string[] {
	const slots = given ? Object.keys(given) : [];
	for (const slot of slots) {
		if (!(STAGE_SLOTS as readonly string[]).includes(slot) || filled.has(slot))
			refuseStage(name, slot, filled.get(slot));
		filled.set(slot, name);
		(stages as Record<string, unknown>)[slot] = (given as Record<string, unknown>)[slot];
	}
	return slots;
}

/** A stage slot the pipeline lacks, or one that `other`, another feature, filled already. */
function refuseStage(name: string, slot: string, other: string | undefined): never {
	if (other === undefined) {
		throw new TypeError(
			`The ${name} feature fills a stage the pipeline does not have, "${slot}": its stages are ${STAGE_SLOTS.join(", ")}`,
		);
	}
	throw new TypeError(
		`The ${name} and ${other} features both fill the pipeline's "${slot}" stage: a class composes one of them`,
	);
}

/**
A TypeError, naming the import that adds it, for an option that is on and that neither a feature of
the class nor a plugin (by a member of its name: @octokit/plugin-retry's `retry`) took: `needs` maps
each option to the feature that reads it, as the class's entry exports them (`Hublet.optionFeatures`).
*/
export function refuseFeatureless(
	options: HubletOptions,
	taken: Set<string>,
	needs: Readonly<Record<string, string>>,
): void {
	for (const name of Object.keys(needs)) {
		if (!taken.has(name) && !isOff(optionAt(options, name))) refuseOption(name, needs[name]);
	}
}

function refuseOption(name: string, feature: string): never {
	const fix =
		`import { ${feature} } from "@hublet/rest" ("@hublet/rest/core" on the core entry) ` +
		`and add it with Hublet.plugin(${feature})`;
	throw new TypeError(`The "${name}" option needs the ${feature} feature: ${fix}`);
}
