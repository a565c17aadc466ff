// The Redis store's scripts. Each runs atomically in Redis and touches one person's keys only, all
// in that person's hash slot (their name is the key's hash tag), so the store works on a Redis
// Cluster too: the keys a script knows beforehand come as KEYS; a request's or round's key it finds
// on the way is built from the person's key prefix it is given (the same tag, the same slot).
//
// Per person (hash tag {owner}, escaped so the tag never breaks):
//   {p}:req:{o}:{id}   hash: record (JSON, while open), owner, holder, deadline (ms, when it has one), closed (reason),
//                      settlement (JSON, once closed); a request of a parked round has holder "" and fields round, key
//   {p}:open:{o}       sorted set: open ids by position
//   {p}:pos:{o}        the person's stream position (starts from the clock in ms, so it never goes back)
//   {p}:closed:{o}     list: recently closed { position, id, reason, at }
//   {p}:completed:{o}  list: recent URL-mode completions { position, serverName, elicitationId, id? }
//                      — an open request they complete has the field completed = 1
//   {p}:round:{o}:{id} hash: round (JSON), left (requests unanswered), r:{key} (request id), a:{key} (answer JSON)
// Per holder (hash tag {holder}):
//   {p}:lease:{h}      its lease;  {p}:held:{h}  hash: id → owner of the requests it holds (kept by the store's calls)
// One key each, never in a script with another:
//   {p}:where:{id}     the owner of a request (get and settle by id alone find its slot)
//   {p}:holders        sorted set: holders by their last lease refresh (the sweep's list)
//   {p}:rounds         sorted set: parked rounds ([owner, round id] JSON) by deadline (the expiry's list)
//   {p}:epoch          a random value set once: when it changes, Redis lost its data (a restart without persistence)
// Channels (PUBLISH reaches every node of a Cluster): {p}:owner:{owner} (stream events), {p}:holder:{holder} (settlements).

/**
 * Shared by the settle and expire scripts: closes one open request, or says why it cannot.
 * `k`: the person's keys { req, open, pos, closed, round_prefix, channel, holder_channel_prefix }.
 * `holder_state` (answers only): '' not checked yet, else 'live', 'gone' (no lease) or 'deaf' (not listening);
 * 'inline' (one Redis, not a Cluster): looked at here, in the same atomic step as the settle.
 * A request of a parked round records its answer in the round; the one that records its last answer
 * takes the round out (the resume's claim: it happens once, inside this script) and returns it.
 * Returns {'settled', holder[, round fields]}, {'already-closed', reason, kept settlement or '', holder, record JSON}
 * (the last two when this call closed it: an answer nobody can receive),
 * {'check-holder', holder}, {'unreachable'} or {'not-found'}.
 */
const SETTLE_ONE = `
local function settle_one(k, id, settlement, reason, owner_check, holder_state, keep_ms, now_ms, start_pos, keep_count, answer)
  local owner = redis.call('HGET', k.req, 'owner')
  if not owner then return {'not-found'} end
  if owner_check ~= '' and owner_check ~= owner then return {'not-found'} end
  local closed = redis.call('HGET', k.req, 'closed')
  if closed then
    if owner_check == '' then return {'already-closed', closed, redis.call('HGET', k.req, 'settlement') or ''} end
    return {'already-closed', closed}
  end
  local holder = redis.call('HGET', k.req, 'holder')
  local round_id = redis.call('HGET', k.req, 'round')
  -- An answer nobody can receive any more is not taken: past its deadline the request closes as
  -- timed out, and with its holder's lease gone as closed (a parked round resumes whenever answered):
  -- the policy of relay/lateAnswer.ts, decided here inside the script's one atomic step.
  if reason == 'answered' and not round_id then
    local late = nil
    local deadline = tonumber(redis.call('HGET', k.req, 'deadline') or '')
    if deadline and tonumber(now_ms) > deadline then
      late = 'timeout'
    elseif holder ~= '' then
      -- One Redis: the holder's lease and subscription are looked at in this same step, so it cannot
      -- die between the look and the settle. Relay ids are base64url: the holder is its own hash tag.
      if holder_state == 'inline' then
        if redis.call('EXISTS', k.lease_prefix .. '{' .. holder .. '}') == 0 then holder_state = 'gone'
        elseif redis.call('PUBSUB', 'NUMSUB', k.holder_channel_prefix .. holder)[2] == 0 then holder_state = 'deaf'
        else holder_state = 'live' end
      end
      -- A Cluster: the holder's lease and subscription live in its own slot; the store looks and asks again.
      if holder_state == '' then return {'check-holder', holder} end
      if holder_state == 'gone' then late = 'closed' end
    end
    if late then
      local record = redis.call('HGET', k.req, 'record')
      settle_one(k, id, '{"reason":"' .. late .. '"}', late, '', '', keep_ms, now_ms, start_pos, keep_count, answer)
      return {'already-closed', late, '', holder, record}
    end
    -- Its holder is not listening now (its feed is reconnecting, or it died and its lease has not
    -- lapsed yet): nothing is taken, and the answer is tried again.
    if holder_state == 'deaf' then return {'unreachable'} end
  end
  -- A parked round's answer is kept in the round alone, until it resumes.
  if round_id then settlement = '{"reason":"' .. reason .. '"}' end
  if redis.call('EXISTS', k.pos) == 0 then redis.call('SET', k.pos, start_pos) end
  local pos = redis.call('INCR', k.pos)
  redis.call('PEXPIRE', k.pos, 604800000)
  redis.call('HDEL', k.req, 'record')
  redis.call('HSET', k.req, 'closed', reason, 'settlement', settlement)
  redis.call('PEXPIRE', k.req, keep_ms)
  redis.call('ZREM', k.open, id)
  redis.call('RPUSH', k.closed, '{"position":' .. pos .. ',"id":"' .. id .. '","reason":"' .. reason .. '","at":' .. now_ms .. '}')
  redis.call('LTRIM', k.closed, -keep_count, -1)
  redis.call('PEXPIRE', k.closed, keep_ms)
  redis.call('PUBLISH', k.channel, '{"type":"closed","position":' .. pos .. ',"id":"' .. id .. '","reason":"' .. reason .. '"}')
  if holder ~= '' then
    redis.call('PUBLISH', k.holder_channel_prefix .. holder, '{"id":"' .. id .. '","settlement":' .. settlement .. '}')
  end
  if round_id then
    local round_key = k.round_prefix .. round_id
    local key = redis.call('HGET', k.req, 'key')
    -- A round already gone (resumed, or dropped after its grace) is never written again.
    if redis.call('EXISTS', round_key) == 1 and redis.call('HSETNX', round_key, 'a:' .. key, answer) == 1
      and redis.call('HINCRBY', round_key, 'left', -1) <= 0 then
      local fields = redis.call('HGETALL', round_key)
      redis.call('DEL', round_key)
      return {'settled', holder, fields}
    end
  end
  return {'settled', holder}
end
`;

/** The open's refusal, first: a refused request leaves nothing behind. */
const OPEN_CHECK = `
local id, record, owner, holder = ARGV[1], ARGV[2], ARGV[3], ARGV[4]
if redis.call('ZCARD', KEYS[2]) >= tonumber(ARGV[5]) then return 0 end
`;

/**
 * The open itself. A record made around its event's text (ARGV[10], that text's length) is published
 * with the length, so a subscriber takes the event's text out of it instead of parsing the record.
 */
const OPEN_REST = `
if redis.call('EXISTS', KEYS[3]) == 0 then redis.call('SET', KEYS[3], ARGV[7]) end
local pos = redis.call('INCR', KEYS[3])
redis.call('PEXPIRE', KEYS[3], 604800000)
redis.call('HSET', KEYS[1], 'record', record, 'owner', owner, 'holder', holder)
if ARGV[8] ~= '' then redis.call('HSET', KEYS[1], 'deadline', ARGV[8]) end
redis.call('PEXPIRE', KEYS[1], ARGV[6])
redis.call('ZADD', KEYS[2], pos, id)
if ARGV[10] ~= '' then
  redis.call('PUBLISH', ARGV[9], '{"type":"request","position":' .. pos .. ',"eventLength":' .. ARGV[10] .. ',"record":' .. record .. '}')
else
  redis.call('PUBLISH', ARGV[9], '{"type":"request","position":' .. pos .. ',"record":' .. record .. '}')
end
return 1
`;

/**
 * KEYS: req, open, pos. ARGV: id, record JSON, owner, holder, maxOpen, ttl ms, now ms (the start of a new position),
 * deadline ms or "", the person's channel, the length of the event's text the record starts with or "".
 * Returns 1 when opened, 0 when the person has maxOpen open.
 */
export const OPEN_SCRIPT = `${OPEN_CHECK}${OPEN_REST}`;

/**
 * One Redis, not a Cluster: the open with where it lives and who holds it, in one step (in a Cluster
 * those keys are in other slots, and are written first, each on its own). KEYS: req, open, pos, where,
 * the holder's held hash; ARGV as OPEN_SCRIPT's.
 */
export const OPEN_HERE_SCRIPT = `${OPEN_CHECK}
redis.call('SET', KEYS[4], owner, 'PX', ARGV[6])
redis.call('HSET', KEYS[5], id, owner)
${OPEN_REST}`;

/**
 * KEYS: req, open, pos, closed. ARGV: id, settlement JSON, reason, owner or "", holder state, keep ms, now ms,
 * now ms (the start of a new position), keep count, the answer JSON a parked round records, the person's round key
 * prefix, the person's channel, the holders' channel prefix, the leases' key prefix. Returns what settle_one returns.
 */
export const SETTLE_SCRIPT = `${SETTLE_ONE}
local k = { req = KEYS[1], open = KEYS[2], pos = KEYS[3], closed = KEYS[4], round_prefix = ARGV[11], channel = ARGV[12], holder_channel_prefix = ARGV[13], lease_prefix = ARGV[14] }
return settle_one(k, ARGV[1], ARGV[2], ARGV[3], ARGV[4], ARGV[5], ARGV[6], ARGV[7], ARGV[8], tonumber(ARGV[9]), ARGV[10])
`;

/**
 * KEYS: pos, open, closed, completed. ARGV: now ms (the start of a new position), the person's request key prefix.
 * Returns { position, open (record JSON, holder) pairs, closed entries, completion entries, ids of the open requests
 * marked completed }. Whose holder is gone the store leaves out (the lease is in the holder's slot).
 */
export const SNAPSHOT_SCRIPT = `
local pos = redis.call('GET', KEYS[1])
if not pos then
  redis.call('SET', KEYS[1], ARGV[1])
  pos = ARGV[1]
end
redis.call('PEXPIRE', KEYS[1], 604800000)
local records = {}
local completed = {}
for _, id in ipairs(redis.call('ZRANGE', KEYS[2], 0, -1)) do
  local found = redis.call('HMGET', ARGV[2] .. id, 'record', 'holder', 'completed')
  if not found[1] then
    redis.call('ZREM', KEYS[2], id)
  else
    table.insert(records, found[1])
    table.insert(records, found[2])
    if found[3] then table.insert(completed, id) end
  end
end
return {pos, records, redis.call('LRANGE', KEYS[3], 0, -1), redis.call('LRANGE', KEYS[4], 0, -1), completed}
`;

/**
 * KEYS: pos, completed. ARGV: owner, now ms (the start of a new position), keep ms, keep count, the completion's JSON
 * fields (without braces, built by the store), the person's request key prefix, the person's channel, then the open
 * request ids it completes. Marks those of them still open and the owner's, remembers the completion, and publishes
 * it at a new position.
 */
export const COMPLETE_SCRIPT = `
local owner, fields = ARGV[1], ARGV[5]
if redis.call('EXISTS', KEYS[1]) == 0 then redis.call('SET', KEYS[1], ARGV[2]) end
local pos = redis.call('INCR', KEYS[1])
redis.call('PEXPIRE', KEYS[1], 604800000)
for i = 8, #ARGV do
  local req = ARGV[6] .. ARGV[i]
  if redis.call('HEXISTS', req, 'record') == 1 and redis.call('HGET', req, 'owner') == owner then redis.call('HSET', req, 'completed', '1') end
end
redis.call('RPUSH', KEYS[2], '{"position":' .. pos .. ',' .. fields .. '}')
redis.call('LTRIM', KEYS[2], -tonumber(ARGV[4]), -1)
redis.call('PEXPIRE', KEYS[2], ARGV[3])
redis.call('PUBLISH', ARGV[7], '{"type":"completed","position":' .. pos .. ',' .. fields .. '}')
return pos
`;

/**
 * KEYS: lease, held (one holder's). When its lease has expired, takes every request it held (id, owner pairs) out
 * of its list and returns them, for the sweep to close; while it is alive, returns nothing.
 */
export const TAKE_HELD_SCRIPT = `
if redis.call('EXISTS', KEYS[1]) == 1 then return false end
local held = redis.call('HGETALL', KEYS[2])
redis.call('DEL', KEYS[2])
return held
`;

/** KEYS: holders. ARGV: holder, the refresh time the sweep saw. Forgets a holder that has not refreshed its lease since. */
export const FORGET_HOLDER_SCRIPT = `
if redis.call('ZSCORE', KEYS[1], ARGV[1]) == ARGV[2] then redis.call('ZREM', KEYS[1], ARGV[1]) end
return 0
`;

/**
 * KEYS: open, pos, round. ARGV: owner, maxOpen, now ms (the start of a new position), round JSON, requests opened,
 * round ttl ms, request ttl ms, the person's request key prefix, the person's channel, round id, n, then n times
 * (id, record JSON, key), then (field, answer JSON) pairs of keys answered without the person. Returns 1 when parked,
 * 0 when the person would have more than maxOpen open.
 */
export const PARK_SCRIPT = `
local owner, round_id = ARGV[1], ARGV[10]
local n = tonumber(ARGV[11])
if redis.call('ZCARD', KEYS[1]) + n > tonumber(ARGV[2]) then return 0 end
redis.call('HSET', KEYS[3], 'round', ARGV[4], 'left', ARGV[5])
for i = 12 + 3 * n, #ARGV, 2 do redis.call('HSET', KEYS[3], ARGV[i], ARGV[i + 1]) end
redis.call('PEXPIRE', KEYS[3], ARGV[6])
if redis.call('EXISTS', KEYS[2]) == 0 then redis.call('SET', KEYS[2], ARGV[3]) end
for i = 0, n - 1 do
  local id, record, key = ARGV[12 + 3 * i], ARGV[13 + 3 * i], ARGV[14 + 3 * i]
  local pos = redis.call('INCR', KEYS[2])
  local req = ARGV[8] .. id
  redis.call('HSET', req, 'record', record, 'owner', owner, 'holder', '', 'round', round_id, 'key', key)
  redis.call('PEXPIRE', req, ARGV[7])
  redis.call('HSET', KEYS[3], 'r:' .. key, id)
  redis.call('ZADD', KEYS[1], pos, id)
  redis.call('PUBLISH', ARGV[9], '{"type":"request","position":' .. pos .. ',"record":' .. record .. '}')
end
redis.call('PEXPIRE', KEYS[2], 604800000)
return 1
`;

/**
 * KEYS: round, open, pos, closed. ARGV: now ms, keep ms, now ms (the start of a new position), keep count, the person's
 * request key prefix, the person's round key prefix, the person's channel, the holders' channel prefix. Takes out one
 * round whose deadline has passed: its open requests close ("timeout"), unanswered keys are answered cancel. Returns
 * the round's fields, once: a round taken here is gone for every other caller (false then).
 */
export const EXPIRE_SCRIPT = `${SETTLE_ONE}
local k = { open = KEYS[2], pos = KEYS[3], closed = KEYS[4], round_prefix = ARGV[6], channel = ARGV[7], holder_channel_prefix = ARGV[8] }
if redis.call('EXISTS', KEYS[1]) == 0 then return false end
local done = nil
local fields = redis.call('HGETALL', KEYS[1])
for i = 1, #fields, 2 do
  if string.sub(fields[i], 1, 2) == 'r:' and redis.call('HEXISTS', KEYS[1], 'a:' .. string.sub(fields[i], 3)) == 0 then
    k.req = ARGV[5] .. fields[i + 1]
    local outcome = settle_one(k, fields[i + 1], '{"reason":"timeout"}', 'timeout', '', '', ARGV[2], ARGV[1], ARGV[3], tonumber(ARGV[4]), '{"action":"cancel"}')
    if outcome[1] == 'settled' and outcome[3] then done = outcome[3] end
  end
end
-- A request that was already gone (its key expired) cannot close: its key is answered cancel here.
if not done and redis.call('EXISTS', KEYS[1]) == 1 then
  for i = 1, #fields, 2 do
    if string.sub(fields[i], 1, 2) == 'r:' then redis.call('HSETNX', KEYS[1], 'a:' .. string.sub(fields[i], 3), '{"action":"cancel"}') end
  end
  done = redis.call('HGETALL', KEYS[1])
  redis.call('DEL', KEYS[1])
end
return done or false
`;
