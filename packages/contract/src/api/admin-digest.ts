/** Filled by the route-map conversion (issue 17). */
export const adminDigestApi = {};
