"""The interactive rules tutorial: lessons (data), a lesson in progress, and its API handlers.

Every lesson is seen by the learner as player 0, who moves from point 24 down to point 1, so the
mover's numbering of the core and the absolute numbering of the board are the same here.
"""

from backgammon.tutorial.lessons import LESSONS, Choice, Lesson, Mistake, lesson_by_id
from backgammon.tutorial.session import TutorialSession

__all__ = ["LESSONS", "Choice", "Lesson", "Mistake", "TutorialSession", "lesson_by_id"]
