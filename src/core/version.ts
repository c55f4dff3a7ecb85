/** The API's version (spec §9): in /v1/me, the OpenAPI description and outbound User-Agents. */
export const API_VERSION = '1.0.0';
