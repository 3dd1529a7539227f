/** The quiz-taking screen's words, in one place (spec §8 where it gives them). */
export const LOAD_FAILED = "Failed to load quiz. Please check the URL or try again later.";
export const SUBMIT_FAILED = "Submission failed";
export const MOVE_FAILED = "Could not move to the next section";
export const OFFLINE_SUBMIT = "You are offline. Your answers are kept on this device. Submit again when you are back online.";
export const OFFLINE_MOVE = "You are offline. Moving to the next section needs a connection; your answers are kept on this device.";
export const TIME_UP_OFFLINE = "Time is up. Your answers are kept on this device and will be sent as soon as you are back online.";

export const SAVE_STATUS_TEXT = {
  saved: "Saved",
  saving: "Saving…",
  offline: "Offline — answers kept on this device",
} as const;
