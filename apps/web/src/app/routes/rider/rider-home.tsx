import { Navigate } from 'react-router';

/** /rider opens the day's run. */
export function RiderHome() {
  return <Navigate to="/rider/run" replace />;
}
