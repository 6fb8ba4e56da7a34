import { expect, it } from 'vitest';
import { isDatabaseUnavailable } from './unavailable';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

it('names the errors of a database out of reach: restarts, lost and refused connections', () => {
  for (const error of [
    withCode('terminating connection due to administrator command', '57P01'),
    withCode('the database system is starting up', '57P03'),
    withCode('connection failure', '08006'),
    withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'),
    withCode('read ECONNRESET', 'ECONNRESET'),
    new Error('Connection terminated unexpectedly'),
    new Error('timeout exceeded when trying to connect'),
  ]) {
    expect(isDatabaseUnavailable(error), error.message).toBe(true);
  }
});

it('leaves every other error to the error handler: bad statements, constraints, bugs', () => {
  for (const error of [
    withCode('value out of range', '22003'),
    withCode('duplicate key value', '23505'),
    withCode('protocol violation', '08P01'),
    new Error('Cannot read properties of undefined'),
    'Connection terminated unexpectedly',
    undefined,
  ]) {
    expect(isDatabaseUnavailable(error), String(error)).toBe(false);
  }
});
