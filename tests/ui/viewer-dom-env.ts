// DOMPurify is unreliable under happy-dom (the sanitiser's own README warns about it), for two reasons this file
// corrects so that the tests exercise the sanitiser as browsers run it. Import it before anything loads dompurify.
//
// 1. happy-dom answers Node.prototype.nodeName with '' and defines the real value on subclasses; DOMPurify reads
//    the base getter (to resist clobbering) and so mis-classifies every element.
// 2. happy-dom's NodeIterator does not follow the DOM's "pre-removing steps": once the sanitiser removes the node
//    it stands on, iteration stops and later elements (an <img onerror> after a <script>) are never inspected.

const baseNodeName = Object.getOwnPropertyDescriptor(Node.prototype, 'nodeName');

Object.defineProperty(Node.prototype, 'nodeName', {
  configurable: true,
  get(this: Node): string {
    for (let proto = Object.getPrototypeOf(this); proto && proto !== Node.prototype; proto = Object.getPrototypeOf(proto)) {
      const getter = Object.getOwnPropertyDescriptor(proto, 'nodeName')?.get;
      if (getter) return getter.call(this) as string;
    }
    return (baseNodeName?.get?.call(this) as string | undefined) ?? '';
  },
});

/** A NodeIterator that follows https://dom.spec.whatwg.org/#nodeiterator (without filter callbacks). */
class SpecNodeIterator {
  referenceNode: Node;
  pointerBeforeReferenceNode = true;

  constructor(
    readonly root: Node,
    readonly whatToShow: number,
  ) {
    this.referenceNode = root;
  }

  private accepts(node: Node): boolean {
    return (this.whatToShow & (1 << (node.nodeType - 1))) !== 0;
  }

  /** The node after `node` in tree order that is still inside the root, skipping `node`'s subtree if asked. */
  private following(node: Node, skipChildren = false): Node | null {
    if (!skipChildren && node.firstChild) return node.firstChild;
    for (let current: Node | null = node; current && current !== this.root; current = current.parentNode) {
      if (current.nextSibling) return current.nextSibling;
    }
    return null;
  }

  nextNode(): Node | null {
    let node = this.referenceNode;
    let before = this.pointerBeforeReferenceNode;
    for (;;) {
      if (before) before = false;
      else {
        const next = this.following(node);
        if (!next) return null;
        node = next;
      }
      if (this.accepts(node)) {
        this.referenceNode = node;
        this.pointerBeforeReferenceNode = false;
        return node;
      }
    }
  }

  preRemove(removed: Node): void {
    if (removed === this.root || !removed.contains(this.referenceNode)) return;
    if (this.pointerBeforeReferenceNode) {
      const next = this.following(removed, true);
      if (next) {
        this.referenceNode = next;
        return;
      }
      this.pointerBeforeReferenceNode = false;
    }
    let previous = removed.previousSibling;
    if (!previous) {
      this.referenceNode = removed.parentNode ?? this.root;
      return;
    }
    while (previous.lastChild) previous = previous.lastChild;
    this.referenceNode = previous;
  }

  detach(): void {}
}

const live = new Set<SpecNodeIterator>();

function createNodeIterator(root: Node, whatToShow = 0xffffffff): NodeIterator {
  const iterator = new SpecNodeIterator(root, whatToShow);
  live.add(iterator);
  return iterator as unknown as NodeIterator;
}
for (let proto = Object.getPrototypeOf(document); proto; proto = Object.getPrototypeOf(proto)) {
  if (Object.hasOwn(proto, 'createNodeIterator')) proto.createNodeIterator = createNodeIterator;
}

const beforeRemoval = (node: Node) => live.forEach((iterator) => iterator.preRemove(node));

const removeChild = Node.prototype.removeChild;
Node.prototype.removeChild = function patchedRemoveChild<T extends Node>(this: Node, child: T): T {
  beforeRemoval(child);
  return removeChild.call(this, child) as T;
};

for (const proto of [Element.prototype, CharacterData.prototype]) {
  const remove = proto.remove;
  proto.remove = function patchedRemove(this: ChildNode) {
    beforeRemoval(this);
    remove.call(this);
  };
}
