// What the Hono server hands to every React Router loader and action.
export type RequestContext = {
  requestId: string;
  clientIp: string;
};

declare module "react-router" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging
  interface AppLoadContext extends RequestContext {}
}
