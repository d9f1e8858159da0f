import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("connexion", "routes/connexion.tsx"),
  route("inscription", "routes/inscription.tsx"),
  route("deconnexion", "routes/deconnexion.tsx"),
  layout("routes/member-layout.tsx", [
    route("dashboard", "routes/dashboard.tsx"),
    route("complete-profile", "routes/complete-profile.tsx"),
    route("api/communes", "routes/api-communes.ts"),
    layout("routes/admin-layout.tsx", [route("admin/*", "routes/admin-not-found.tsx")]),
  ]),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
