/** Admin screens land with the back-office issues; until then every /admin path is the 404 page, behind the admin guard. */
export { default, loader, meta } from "./not-found";
