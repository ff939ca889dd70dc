export function loader() {
  return new Response("Not yet available", { status: 404 });
}
