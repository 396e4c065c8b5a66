/** Placeholder until the token endpoint helper lands. */
export const tokenEndpointVersion = 1;
