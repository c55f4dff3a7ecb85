/**
 * A Map that holds at most `max` entries: setting a new key when full drops the oldest-inserted
 * one. For in-process caches and per-address state whose keys come from outside (keys, pages,
 * addresses), so memory stays bounded whatever clients send.
 */
export class BoundedMap<K, V> extends Map<K, V> {
  constructor(readonly max: number) {
    super();
  }

  override set(key: K, value: V): this {
    if (!this.has(key) && this.size >= this.max) this.delete(this.keys().next().value as K);
    return super.set(key, value);
  }
}
