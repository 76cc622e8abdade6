// @ts-check
/**
 * How the tutorial page was opened: `?embed=1` for an iframe (no site navigation, no saved progress)
 * and `#lesson-id` for the lesson to show.
 */

/**
 * @param {{search: string, hash: string}} location
 * @returns {{embed: boolean, lessonId: string | null}}
 */
export function readMode(location) {
  const params = new URLSearchParams(location.search);
  const embed = ["1", "true", "yes"].includes((params.get("embed") ?? "").toLowerCase());
  const id = decodeURIComponent(location.hash.replace(/^#/, "")).trim();
  return { embed, lessonId: /^[a-z0-9-]+$/.test(id) ? id : null };
}
