/**
 * Loads `load`'s chunk together with the public pages' stylesheet (./public-styles): what a lazy
 * public part renders is styled from its first frame, and "/" does not download that sheet until
 * such a part is needed.
 */
export function withPublicStyles<T>(load: () => Promise<T>): () => Promise<T> {
  return async () => {
    const [module] = await Promise.all([load(), import("./public-styles")]);
    return module;
  };
}
