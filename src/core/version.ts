/** The API's version (1.0.0, labelled beta): in /v1/me, the OpenAPI description and outbound User-Agents. */
export const API_VERSION = '1.0.0';
