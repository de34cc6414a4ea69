/**
A map of at most `limit` entries that drops the least recently used one (`onEvict` is told) to
make room: the one shape of every cache whose keys come from the caller or the server (proxy
URLs, warning texts, the in-memory cache), so that no input grows memory without end.
*/
export function createLru<K, V>(limit: number, onEvict?: (value: V, key: K) => void) {
	// A Map iterates in insertion order: re-inserting on use keeps the least recent first.
	const entries = new Map<K, V>();
	const lru = {
		get(key: K): V | undefined {
			const value = entries.get(key);
			// Re-inserted as the most recent; the size does not change, so nothing is evicted.
			if (value !== undefined) lru.set(key, value);
			return value;
		},
		set(key: K, value: V): void {
			entries.delete(key);
			if (entries.set(key, value).size <= limit) return;
			const [oldest, evicted] = entries.entries().next().value as [K, V];
			entries.delete(oldest);
			onEvict?.(evicted, oldest);
		},
		delete: (key: K): boolean => entries.delete(key),
	};
	return lru;
}
