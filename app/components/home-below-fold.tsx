import { lazyWhenVisible } from "~/app/lib/lazy-when-visible";

// The home page's study programs and success stories sit far below the fold on a phone: their code
// (cards, the program search, their icons) loads when a person scrolls to them, not on every first
// visit. The server renders both in place.
const studyPrograms = lazyWhenVisible(() =>
  import("./study-programs").then((m) => m.StudyProgramsSection),
);
const successStories = lazyWhenVisible(() =>
  import("./success-stories").then((m) => m.SuccessStoriesSection),
);

/** For the home loader to await: the server then renders both in place, never a fallback. */
export const preloadHomeBelowFold = () =>
  Promise.all([studyPrograms.preload(), successStories.preload()]);

export const LazyStudyProgramsSection = studyPrograms.Component;
export const LazySuccessStoriesSection = successStories.Component;
