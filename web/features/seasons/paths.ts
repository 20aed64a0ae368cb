/** The seasons back office; `?year=` picks the season, `?edit=` / `?add=` open a tree form. */
export const SEASONS_PATH = "/quan-tri/mua-giai";
