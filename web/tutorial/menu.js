// @ts-check
/** The lesson menu: every lesson by topic, a tick on those finished, the current one marked. */

/** @typedef {{id: string, title: string, topic: string, kind: string}} LessonSummary */

/**
 * @param {HTMLOListElement} list
 * @param {LessonSummary[]} lessons
 * @param {(id: string) => boolean} isDone
 * @param {string | null} currentId
 * @param {string} finished  what a screen reader hears of a lesson finished, in the page's language
 */
export function renderMenu(list, lessons, isDone, currentId, finished) {
  const doc = list.ownerDocument;
  list.replaceChildren();
  // One item per topic, holding the topic's name and a nested list of its lessons: a list may only hold
  // items, and a screen reader then tells how many topics there are and how many lessons each has.
  /** @type {HTMLOListElement | null} */
  let group = null;
  let topic = "";
  for (const lesson of lessons) {
    if (group === null || lesson.topic !== topic) {
      topic = lesson.topic;
      const topicItem = doc.createElement("li");
      const name = doc.createElement("span");
      name.className = "menu-topic";
      name.id = `menu-topic-${list.children.length + 1}`;
      name.textContent = topic;
      group = doc.createElement("ol");
      group.setAttribute("aria-labelledby", name.id);
      topicItem.append(name, group);
      list.append(topicItem);
    }
    const item = doc.createElement("li");
    const link = doc.createElement("a");
    link.href = `#${lesson.id}`;
    link.dataset.lesson = lesson.id;
    link.textContent = lesson.title;
    if (isDone(lesson.id)) {
      link.classList.add("done");
      link.setAttribute("aria-description", finished);
    }
    if (lesson.id === currentId) link.setAttribute("aria-current", "page");
    item.append(link);
    group.append(item);
  }
}
