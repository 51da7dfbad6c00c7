/**
 * Code a screen needs only when someone asks for it (an editor, a dialog), kept
 * out of the screen's first load. `load()` fetches the module once (again after a
 * failure); `get()` is the module once it is here. A dialog opens after its code
 * has arrived, so it mounts whole: the browser's showModal, the focus on its
 * first field and the focus return on close work as for static code. After the
 * first visit the service worker has every chunk, so offline it opens at once.
 */
export interface OnDemand<M> {
  get(): M | null;
  load(): Promise<M>;
}

export function onDemand<M>(importer: () => Promise<M>): OnDemand<M> {
  let loaded: M | null = null;
  let pending: Promise<M> | null = null;
  return {
    get: () => loaded,
    load() {
      pending ??= importer().then(
        (module) => (loaded = module),
        (error: unknown) => {
          pending = null;
          throw error;
        },
      );
      return pending;
    },
  };
}
