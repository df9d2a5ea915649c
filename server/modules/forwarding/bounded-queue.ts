/**
 * A first-in first-out queue that holds at most `capacity` items: pushing onto a full queue drops the oldest.
 * A ring buffer, so pushing and taking cost O(1) however long the receiver has been away.
 */
export class BoundedQueue<T> {
  private readonly items: Array<T | undefined>;
  private head = 0;
  private size = 0;

  constructor(readonly capacity: number) {
    this.items = new Array<T | undefined>(capacity);
  }

  get length(): number {
    return this.size;
  }

  /** Adds the item; returns how many old items were dropped to make room (0 or 1). */
  push(item: T): number {
    const tail = (this.head + this.size) % this.capacity;
    this.items[tail] = item;
    if (this.size < this.capacity) {
      this.size++;
      return 0;
    }
    this.head = (this.head + 1) % this.capacity;
    return 1;
  }

  /** Removes and returns up to `n` of the oldest items. */
  take(n: number): T[] {
    const out: T[] = [];
    while (out.length < n && this.size > 0) {
      out.push(this.items[this.head] as T);
      this.items[this.head] = undefined;
      this.head = (this.head + 1) % this.capacity;
      this.size--;
    }
    return out;
  }

  /** Empties the queue; returns how many items it held. */
  clear(): number {
    const n = this.size;
    this.take(n);
    return n;
  }
}
