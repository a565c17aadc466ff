// The Redis store's scripts. Each runs atomically in Redis: an open, a settle (the one winner of
// racing answers, timeouts and withdrawals), a person's snapshot, and the sweep of requests whose
// holder's lease has expired. Keys are built from one prefix, so the store needs one Redis (not a Cluster).
//
//   {p}:req:{id}      hash: record (JSON, while open), owner, holder, deadline (ms, when it has one), closed (reason),
//                     settlement (JSON, once closed)
//   {p}:open:{owner}  sorted set: open ids by position
//   {p}:pos:{owner}   the person's stream position (starts from the clock in ms, so it never goes back)
//   {p}:closed:{owner} list: recently closed { position, id, reason, at }
//   {p}:completed:{owner} list: recent URL-mode completions { position, serverName, elicitationId, id? }
//                     — an open request they complete has the field completed = 1
//   {p}:held:{holder} set: ids a relay instance holds;  {p}:holders: set of instances;  {p}:lease:{holder}: its lease
//   {p}:round:{id}    hash: round (JSON), left (requests unanswered), r:{key} (request id), a:{key} (answer JSON)
//                     — a parked round; its requests have holder "" and fields round, key
//   {p}:rounds        sorted set: parked round ids by deadline
//   {p}:epoch         a random value set once: when it changes, Redis lost its data (a restart without persistence)
//   channels {p}:owner:{owner} (stream events) and {p}:holder:{holder} (settlements)

/**
 * Shared by the settle, sweep and expire scripts: closes one open request, or says why it cannot.
 * A request of a parked round records its answer in the round; the one that records its last answer
 * takes the round out (the resume's claim: it happens once, inside this script) and returns it.
 */
const SETTLE_ONE = `
local function finish_round(p, round_id)
  local round_key = p .. ':round:' .. round_id
  local fields = redis.call('HGETALL', round_key)
  redis.call('DEL', round_key)
  redis.call('ZREM', p .. ':rounds', round_id)
  return fields
end

local function settle_one(p, id, settlement, reason, owner_check, keep_ms, now_ms, start_pos, keep_count, answer)
  local req = p .. ':req:' .. id
  local owner = redis.call('HGET', req, 'owner')
  if not owner then return {'not-found'} end
  if owner_check ~= '' and owner_check ~= owner then return {'not-found'} end
  local closed = redis.call('HGET', req, 'closed')
  if closed then
    if owner_check == '' then return {'already-closed', closed, redis.call('HGET', req, 'settlement') or ''} end
    return {'already-closed', closed}
  end
  local holder = redis.call('HGET', req, 'holder')
  local round_id = redis.call('HGET', req, 'round')
  -- An answer nobody can receive any more is not taken: past its deadline the request closes as
  -- timed out, and with its holder's lease gone as closed (a parked round resumes whenever answered).
  if reason == 'answered' and not round_id then
    local late = nil
    local deadline = tonumber(redis.call('HGET', req, 'deadline') or '')
    if deadline and tonumber(now_ms) > deadline then
      late = 'timeout'
    elseif holder ~= '' and redis.call('EXISTS', p .. ':lease:' .. holder) == 0 then
      late = 'closed'
    end
    if late then
      settle_one(p, id, '{"reason":"' .. late .. '"}', late, '', keep_ms, now_ms, start_pos, keep_count, answer)
      return {'already-closed', late}
    end
    -- Its holder is not listening now (its feed is reconnecting, or it died and its lease has not
    -- lapsed yet): nothing is taken, and the answer is tried again.
    if holder ~= '' and redis.call('PUBSUB', 'NUMSUB', p .. ':holder:' .. holder)[2] == 0 then return {'unreachable'} end
  end
  -- A parked round's answer is kept in the round alone, until it resumes.
  if round_id then settlement = '{"reason":"' .. reason .. '"}' end
  local pos_key = p .. ':pos:' .. owner
  if redis.call('EXISTS', pos_key) == 0 then redis.call('SET', pos_key, start_pos) end
  local pos = redis.call('INCR', pos_key)
  redis.call('PEXPIRE', pos_key, 604800000)
  redis.call('HDEL', req, 'record')
  redis.call('HSET', req, 'closed', reason, 'settlement', settlement)
  redis.call('PEXPIRE', req, keep_ms)
  redis.call('ZREM', p .. ':open:' .. owner, id)
  local closed_key = p .. ':closed:' .. owner
  redis.call('RPUSH', closed_key, '{"position":' .. pos .. ',"id":"' .. id .. '","reason":"' .. reason .. '","at":' .. now_ms .. '}')
  redis.call('LTRIM', closed_key, -keep_count, -1)
  redis.call('PEXPIRE', closed_key, keep_ms)
  redis.call('PUBLISH', p .. ':owner:' .. owner, '{"type":"closed","position":' .. pos .. ',"id":"' .. id .. '","reason":"' .. reason .. '"}')
  if holder ~= '' then
    redis.call('SREM', p .. ':held:' .. holder, id)
    redis.call('PUBLISH', p .. ':holder:' .. holder, '{"id":"' .. id .. '","settlement":' .. settlement .. '}')
  end
  if round_id then
    local round_key = p .. ':round:' .. round_id
    local key = redis.call('HGET', req, 'key')
    -- A round already gone (resumed, or dropped after its grace) is never written again.
    if redis.call('EXISTS', round_key) == 1 and redis.call('HSETNX', round_key, 'a:' .. key, answer) == 1
      and redis.call('HINCRBY', round_key, 'left', -1) <= 0 then
      return {'settled', finish_round(p, round_id)}
    end
  end
  return {'settled'}
end
`;

/**
 * KEYS: none. ARGV: prefix, id, record JSON, owner, holder, maxOpen, ttl ms, now ms (the start of a new position),
 * deadline ms or "". Returns 1 when opened, 0 when the person has maxOpen open.
 */
export const OPEN_SCRIPT = `
local p, id, record, owner, holder = ARGV[1], ARGV[2], ARGV[3], ARGV[4], ARGV[5]
local open_key = p .. ':open:' .. owner
if redis.call('ZCARD', open_key) >= tonumber(ARGV[6]) then return 0 end
local pos_key = p .. ':pos:' .. owner
if redis.call('EXISTS', pos_key) == 0 then redis.call('SET', pos_key, ARGV[8]) end
local pos = redis.call('INCR', pos_key)
redis.call('PEXPIRE', pos_key, 604800000)
local req = p .. ':req:' .. id
redis.call('HSET', req, 'record', record, 'owner', owner, 'holder', holder)
if ARGV[9] ~= '' then redis.call('HSET', req, 'deadline', ARGV[9]) end
redis.call('PEXPIRE', req, ARGV[7])
redis.call('ZADD', open_key, pos, id)
redis.call('SADD', p .. ':held:' .. holder, id)
redis.call('SADD', p .. ':holders', holder)
redis.call('PUBLISH', p .. ':owner:' .. owner, '{"type":"request","position":' .. pos .. ',"record":' .. record .. '}')
return 1
`;

/**
 * ARGV: prefix, id, settlement JSON, reason, owner or "", keep ms, now ms, now ms (the start of a new position), keep count,
 * the answer JSON a parked round records. Returns { status, reason, kept settlement } or { "settled", round fields when it completed a round }.
 */
export const SETTLE_SCRIPT = `${SETTLE_ONE}
return settle_one(ARGV[1], ARGV[2], ARGV[3], ARGV[4], ARGV[5], ARGV[6], ARGV[7], ARGV[8], tonumber(ARGV[9]), ARGV[10])
`;

/**
 * ARGV: prefix, owner, now ms (the start of a new position). Returns { position, open record JSONs (live holders
 * and parked rounds only), closed entries, completion entries, ids of the open requests marked completed }.
 */
export const SNAPSHOT_SCRIPT = `
local p, owner = ARGV[1], ARGV[2]
local pos_key = p .. ':pos:' .. owner
local pos = redis.call('GET', pos_key)
if not pos then
  redis.call('SET', pos_key, ARGV[3])
  pos = ARGV[3]
end
redis.call('PEXPIRE', pos_key, 604800000)
local open_key = p .. ':open:' .. owner
local records = {}
local completed = {}
for _, id in ipairs(redis.call('ZRANGE', open_key, 0, -1)) do
  local found = redis.call('HMGET', p .. ':req:' .. id, 'record', 'holder', 'completed')
  if not found[1] then
    redis.call('ZREM', open_key, id)
  elseif found[2] == '' or redis.call('EXISTS', p .. ':lease:' .. found[2]) == 1 then
    table.insert(records, found[1])
    if found[3] then table.insert(completed, id) end
  end
end
return {pos, records, redis.call('LRANGE', p .. ':closed:' .. owner, 0, -1), redis.call('LRANGE', p .. ':completed:' .. owner, 0, -1), completed}
`;

/**
 * ARGV: prefix, owner, now ms (the start of a new position), keep ms, keep count, the completion's JSON fields
 * (without braces, built by the store), then the open request ids it completes. Marks those of them still open
 * and the owner's, remembers the completion, and publishes it at a new position.
 */
export const COMPLETE_SCRIPT = `
local p, owner, fields = ARGV[1], ARGV[2], ARGV[6]
local pos_key = p .. ':pos:' .. owner
if redis.call('EXISTS', pos_key) == 0 then redis.call('SET', pos_key, ARGV[3]) end
local pos = redis.call('INCR', pos_key)
redis.call('PEXPIRE', pos_key, 604800000)
for i = 7, #ARGV do
  local req = p .. ':req:' .. ARGV[i]
  if redis.call('HEXISTS', req, 'record') == 1 and redis.call('HGET', req, 'owner') == owner then redis.call('HSET', req, 'completed', '1') end
end
local key = p .. ':completed:' .. owner
redis.call('RPUSH', key, '{"position":' .. pos .. ',' .. fields .. '}')
redis.call('LTRIM', key, -tonumber(ARGV[5]), -1)
redis.call('PEXPIRE', key, ARGV[4])
redis.call('PUBLISH', p .. ':owner:' .. owner, '{"type":"completed","position":' .. pos .. ',' .. fields .. '}')
return pos
`;

/** ARGV: prefix, keep ms, now ms, now ms (the start of a new position), keep count. Closes ("closed") every request of every holder whose lease expired; returns how many. */
export const SWEEP_SCRIPT = `${SETTLE_ONE}
local p = ARGV[1]
local count = 0
for _, holder in ipairs(redis.call('SMEMBERS', p .. ':holders')) do
  if redis.call('EXISTS', p .. ':lease:' .. holder) == 0 then
    for _, id in ipairs(redis.call('SMEMBERS', p .. ':held:' .. holder)) do
      local outcome = settle_one(p, id, '{"reason":"closed"}', 'closed', '', ARGV[2], ARGV[3], ARGV[4], tonumber(ARGV[5]), '{"action":"cancel"}')
      if outcome[1] == 'settled' then count = count + 1 end
    end
    redis.call('DEL', p .. ':held:' .. holder)
    redis.call('SREM', p .. ':holders', holder)
  end
end
return count
`;

/**
 * ARGV: prefix, owner, maxOpen, now ms (the start of a new position), round id, round JSON, requests opened,
 * deadline, round ttl ms, request ttl ms, n, then n times (id, record JSON, key), then (field, answer JSON) pairs
 * of keys answered without the person. Returns 1 when parked, 0 when the person would have more than maxOpen open.
 */
export const PARK_SCRIPT = `
local p, owner, round_id = ARGV[1], ARGV[2], ARGV[5]
local n = tonumber(ARGV[11])
local open_key = p .. ':open:' .. owner
if redis.call('ZCARD', open_key) + n > tonumber(ARGV[3]) then return 0 end
local round_key = p .. ':round:' .. round_id
redis.call('HSET', round_key, 'round', ARGV[6], 'left', ARGV[7])
for i = 12 + 3 * n, #ARGV, 2 do redis.call('HSET', round_key, ARGV[i], ARGV[i + 1]) end
redis.call('PEXPIRE', round_key, ARGV[9])
redis.call('ZADD', p .. ':rounds', ARGV[8], round_id)
local pos_key = p .. ':pos:' .. owner
if redis.call('EXISTS', pos_key) == 0 then redis.call('SET', pos_key, ARGV[4]) end
for i = 0, n - 1 do
  local id, record, key = ARGV[12 + 3 * i], ARGV[13 + 3 * i], ARGV[14 + 3 * i]
  local pos = redis.call('INCR', pos_key)
  local req = p .. ':req:' .. id
  redis.call('HSET', req, 'record', record, 'owner', owner, 'holder', '', 'round', round_id, 'key', key)
  redis.call('PEXPIRE', req, ARGV[10])
  redis.call('HSET', round_key, 'r:' .. key, id)
  redis.call('ZADD', open_key, pos, id)
  redis.call('PUBLISH', p .. ':owner:' .. owner, '{"type":"request","position":' .. pos .. ',"record":' .. record .. '}')
end
redis.call('PEXPIRE', pos_key, 604800000)
return 1
`;

/**
 * ARGV: prefix, now ms, keep ms, now ms (the start of a new position), keep count. Takes out every round whose
 * deadline has passed: its open requests close ("timeout"), unanswered keys are answered cancel. Returns each
 * round's fields, once: a round taken here is gone for every other caller.
 */
export const EXPIRE_SCRIPT = `${SETTLE_ONE}
local p, now_ms = ARGV[1], ARGV[2]
local due = {}
for _, round_id in ipairs(redis.call('ZRANGEBYSCORE', p .. ':rounds', '-inf', now_ms)) do
  local round_key = p .. ':round:' .. round_id
  local done = nil
  local fields = redis.call('HGETALL', round_key)
  for i = 1, #fields, 2 do
    if string.sub(fields[i], 1, 2) == 'r:' and redis.call('HEXISTS', round_key, 'a:' .. string.sub(fields[i], 3)) == 0 then
      local outcome = settle_one(p, fields[i + 1], '{"reason":"timeout"}', 'timeout', '', ARGV[3], now_ms, ARGV[4], tonumber(ARGV[5]), '{"action":"cancel"}')
      if outcome[1] == 'settled' and outcome[2] then done = outcome[2] end
    end
  end
  -- A request that was already gone (its key expired) cannot close: its key is answered cancel here.
  if not done and redis.call('EXISTS', round_key) == 1 then
    for i = 1, #fields, 2 do
      if string.sub(fields[i], 1, 2) == 'r:' then redis.call('HSETNX', round_key, 'a:' .. string.sub(fields[i], 3), '{"action":"cancel"}') end
    end
    done = finish_round(p, round_id)
  end
  redis.call('ZREM', p .. ':rounds', round_id)
  if done then table.insert(due, done) end
end
return due
`;
