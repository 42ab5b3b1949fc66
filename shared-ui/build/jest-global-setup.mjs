// Every front-end unit test runs in a zone other than UTC, the CI machine's: a timestamp read as a UTC
// date where the viewer's day is meant then fails here, not in front of a user west of Greenwich.
// Jest runs this before it starts its workers, which inherit the variable.
export default function globalSetup() {
  process.env.TZ = 'America/New_York';
}
