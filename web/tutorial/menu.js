// @ts-check
/** The lesson menu: every lesson by topic, a tick on those finished, the current one marked. */

/** @typedef {{id: string, title: string, topic: string, kind: string}} LessonSummary */

/**
 * @param {HTMLOListElement} list
 * @param {LessonSummary[]} lessons
 * @param {(id: string) => boolean} isDone
 * @param {string | null} currentId
 */
export function renderMenu(list, lessons, isDone, currentId) {
  const doc = list.ownerDocument;
  list.replaceChildren();
  let topic = "";
  for (const lesson of lessons) {
    if (lesson.topic !== topic) {
      topic = lesson.topic;
      const heading = doc.createElement("li");
      heading.className = "menu-topic";
      heading.setAttribute("role", "presentation");
      heading.textContent = topic;
      list.append(heading);
    }
    const item = doc.createElement("li");
    const link = doc.createElement("a");
    link.href = `#${lesson.id}`;
    link.dataset.lesson = lesson.id;
    link.textContent = lesson.title;
    if (isDone(lesson.id)) {
      link.classList.add("done");
      link.setAttribute("aria-description", "finished");
    }
    if (lesson.id === currentId) link.setAttribute("aria-current", "page");
    item.append(link);
    list.append(item);
  }
}
