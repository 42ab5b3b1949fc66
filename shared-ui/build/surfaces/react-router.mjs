// The part of react-router the front ends use, shared as the `react-router` singleton in place of
// the whole package (see SURFACES in ../webpack.mjs). Module Federation provides a shared module
// with every export kept, so sharing the package itself shipped its data routers, server rendering
// and cookie code to every page: 59 KB gzip, against 13 KB for what is listed here.
//
// Exactly what our code imports, nothing "just in case" (each name costs every page). Adding one:
// list it here, then build and deploy the shell (it provides the singleton) before a remote that
// uses it. A build fails if our code imports a name that is not listed.
export {
  BrowserRouter,
  Link,
  NavLink,
  Navigate,
  Outlet,
  Route,
  Routes,
  useLocation,
  useNavigate,
  useParams,
  useSearchParams,
} from 'react-router';
