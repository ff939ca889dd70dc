import { readPage } from "~/domain/pagination";

/**
 * The start of a signed-in loader, written once: the guard the route names lets the viewer in or
 * throws (a redirect to sign in, or away), so nothing after it runs for someone else; then the URL
 * and the list page it asks for (`?page=`, decision record 17).
 *
 * `const { viewer, url, page } = await guardedRequest(request, requireStaff);`
 */
export async function guardedRequest<Viewer>(
  request: Request,
  guard: (request: Request) => Promise<Viewer>,
) {
  const viewer = await guard(request);
  const url = new URL(request.url);
  return { viewer, url, page: readPage(url) };
}
