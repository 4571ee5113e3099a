/** A typed event emitter: `on` returns the function that removes the listener. */
export class Emitter<Events extends object> {
  private readonly listeners = new Map<keyof Events, Set<(event: never) => void>>();

  on<K extends keyof Events>(type: K, listener: (event: Events[K]) => void): () => void {
    let set = this.listeners.get(type);
    if (!set) {
      set = new Set();
      this.listeners.set(type, set);
    }
    set.add(listener);
    return () => set.delete(listener);
  }

  emit<K extends keyof Events>(type: K, event: Events[K]) {
    for (const listener of [...(this.listeners.get(type) ?? [])]) {
      (listener as (event: Events[K]) => void)(event);
    }
  }

  clear() {
    this.listeners.clear();
  }
}
