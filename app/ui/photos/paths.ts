/** The photos page: every form on it posts here. */
export const PHOTOS_PAGE = "/profile/photos";
/** Sent by the page's own upload script, which follows the redirect to learn the outcome. */
export const UPLOAD_XHR_HEADER = "X-Photo-Upload";
