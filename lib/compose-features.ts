import type { Feature } from "../types/features.js";
import type { HubletOptions, HubletPlugin } from "../types/options.js";
import type { FeatureStages } from "./http/stage-types.js";
import type { PerCallOption } from "./http/call.js";
import { isOff, ownValue } from "./common/objects.js";
import { STAGE_SLOTS } from "./http/pipeline.js";
import { chainWraps, type Wrap } from "./http/chain-wraps.js";

/*
The one loop that composes a client's features (lib/features/<name>/, each a `Feature`) and then
runs its plugins: the kernel imports no feature, and knows them only by what the class was given.
*/

type AnyFeature = Feature<any, any, any>;

/** The value of an option by its path (`request.proxy`), own properties only. */
const optionAt = (options: HubletOptions, path: string): unknown =>
	path
		.split(".")
		.reduce<unknown>(
			(value, key) => (value !== null && typeof value === "object" ? ownValue(value, key) : undefined),
			options,
		);

/**
Each feature in turn, in the class's order: `check` reads its option (`auth` only when the kernel
left it: `authTaken`), and `setup` says what it adds. Members, and an auth, go on the client as the
loop goes, so a later feature sees an earlier one's (the server tables' `findRoutes`); stages go in
their slots of `stages` (a slot the pipeline lacks, or one another feature filled, is a TypeError,
its text built only then), per-call options to `perCall`. `transport` holds the client's request
defaults, where a per-call option's value for a call that does not give its own is found.
Then one wrap of the kernel's goes into the hook chain, before any plugin's: the auth's innermost, so
that it runs last, next to the transport, and signs what is sent; then the features' (the request
log), their guards, which refuse before sending, outside them. Then the class's plugins run, and an
option of `offered` (each option of a feature the class's entry exports, with that export) that is
on and that neither a feature nor a plugin took is a TypeError naming the import. Last, a feature
whose work a plugin does steps aside (its own `stepsAside`): its stages leave the pipeline.
*/
export function composeFeatures(
	client: any,
	options: HubletOptions,
	transport: object,
	stages: FeatureStages,
	perCall: PerCallOption[],
	authTaken: boolean,
	offered: Readonly<Record<string, string>>,
): void {
	// The options taken: by a feature, by a plugin (a member of its name: @octokit/plugin-retry's
	// `retry`), and `auth` when the kernel took it.
	const taken = authTaken ? ["auth"] : [];
	// Which feature filled each slot.
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
		const parts = feature.setup(
			{
				now: body,
				load: async (request) =>
					body ?? (feature.load ? feature.load(request) : refuse(`The ${name} feature has no body`)),
			},
			settings,
			context,
		);
		if (!parts) continue;
		if (parts.stages) placeStages(stages, parts.stages, feature, filled);
		Object.assign(client, parts.members);
		if (parts.wrap) wraps.push(parts.wrap);
		if (parts.guard) guards.push(parts.guard);
		if (parts.auth) client.auth = parts.auth;
	}
	// The auth's hook, when it has one, innermost.
	const all: Wrap[] = [client.auth.hook, ...wraps, ...guards].filter(Boolean);
	if (all.length) client.hook.wrap("request", all.length > 1 ? chainWraps(all) : all[0]);

	for (const plugin of client.constructor.plugins as HubletPlugin[]) {
		const members = plugin(client, options) as object | undefined;
		Object.assign(client, members);
		for (const member in members) taken.push(member);
	}
	for (const option of Object.keys(offered))
		if (!taken.includes(option) && !isOff(optionAt(options, option))) refuseOption(option, offered[option]);
	for (const [slot, feature] of filled)
		if (feature.stepsAside?.(client, options)) delete stages[slot as keyof FeatureStages];
}

/**
A feature's stages into the client's, by their own keys: a slot the pipeline lacks, or one another
feature filled (`filled`: which feature filled each), is a TypeError, its text built only then.
*/
function placeStages(stages: FeatureStages, given: object, feature: AnyFeature, filled: Map<string, AnyFeature>) {
	for (const slot of Object.keys(given)) {
		const other = filled.get(slot);
		if (other || !(STAGE_SLOTS as readonly string[]).includes(slot))
			refuse(
				other
					? `The ${feature.name} and ${other.name} features both fill the pipeline's "${slot}" stage: ` +
							"a class composes one of them"
					: `The ${feature.name} feature fills a stage the pipeline does not have, "${slot}": its stages are ` +
							STAGE_SLOTS.join(", "),
			);
		filled.set(slot, feature);
		(stages as Record<string, unknown>)[slot] = (given as Record<string, unknown>)[slot];
	}
}

/** The TypeError, naming the import that adds it, for an option on whose feature the class lacks. */
function refuseOption(option: string, feature: string): never {
	refuse(
		`The "${option}" option needs the ${feature} feature: import { ${feature} } from "@hublet/rest" ` +
			`("@hublet/rest/core" on the core entry) and add it with Hublet.plugin(${feature})`,
	);
}

function refuse(message: string): never {
	throw new TypeError(message);
}
