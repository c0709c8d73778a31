/* Texel tuning over the linear features of the classical evaluation (eval_tune.h).
 *
 * The parameters are the weights in use, each a middle-game and an end-game figure: theta[2i]
 * and theta[2i+1] for weight i.  A position is kept as its non-zero products of feature, phase
 * and scale, x[j], so that its evaluation from White's view is the sum of theta[j] * x[j]
 * (what ev_score_features computes, but for the rounding of integers). */
#include "eval/eval_tune.h"

#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "eval/eval_weights.h"

struct EvTuneSet {
  const EvalTables *e;
  size_t count, result_cap, score_cap, start_cap; /* positions */
  size_t *start;                                  /* [count + 1]: each position's first entry */
  float *result;                                  /* from White's view */
  float *score;                                   /* a search's, White's view; NAN: none */
  size_t entries, index_cap, value_cap;
  uint16_t *index;  /* theta index */
  float *value;     /* its product */
  Position scratch; /* for ev_tune_add_line */
};

static bool grow(void **array, size_t *cap, size_t need, size_t size) {
  if (need <= *cap) return true;
  size_t n = *cap ? *cap : 1024;
  while (n < need) n *= 2;
  void *fresh = realloc(*array, n * size);
  if (!fresh) return false;
  *array = fresh;
  *cap = n;
  return true;
}

EvTuneSet *ev_tune_new(const EvalTables *e) {
  EvTuneSet *set = calloc(1, sizeof *set);
  if (!set) return NULL;
  set->e = e;
  if (!grow((void **)&set->start, &set->start_cap, 1, sizeof *set->start)) {
    free(set);
    return NULL;
  }
  set->start[0] = 0;
  return set;
}

void ev_tune_free(EvTuneSet *set) {
  if (!set) return;
  free(set->start);
  free(set->result);
  free(set->score);
  free(set->index);
  free(set->value);
  pos_free(&set->scratch);
  free(set);
}

size_t ev_tune_count(const EvTuneSet *set) { return set->count; }

/* Adds p with its result and a score, NAN for none. */
static bool add(EvTuneSet *set, const Position *p, double white_result, float white_score) {
  EvalFeatures f;
  ev_features(set->e, p, &f);
  size_t need = set->entries + 2 * (size_t)f.used;
  if (!grow((void **)&set->result, &set->result_cap, set->count + 1, sizeof *set->result) ||
      !grow((void **)&set->score, &set->score_cap, set->count + 1, sizeof *set->score) ||
      !grow((void **)&set->start, &set->start_cap, set->count + 2, sizeof *set->start) ||
      !grow((void **)&set->index, &set->index_cap, need, sizeof *set->index) ||
      !grow((void **)&set->value, &set->value_cap, need, sizeof *set->value))
    return false;
  double mg_part = f.phase / 256.0, eg_part = 1.0 - mg_part;
  for (int i = 0; i < f.used; i++) {
    double scale = ev_weight_scale(i);
    if (f.mg[i])
      set->index[set->entries] = (uint16_t)(2 * i), set->value[set->entries++] = (float)(f.mg[i] * mg_part / scale);
    if (f.eg[i])
      set->index[set->entries] = (uint16_t)(2 * i + 1), set->value[set->entries++] = (float)(f.eg[i] * eg_part / scale);
  }
  set->score[set->count] = white_score;
  set->result[set->count++] = (float)white_result;
  set->start[set->count] = set->entries;
  return true;
}

bool ev_tune_add(EvTuneSet *set, const Position *p, double white_result) { return add(set, p, white_result, NAN); }

bool ev_tune_add_scored(EvTuneSet *set, const Position *p, double white_result, int white_score) {
  return add(set, p, white_result, (float)white_score);
}

/* The field of a data line that starts at *text, up to the next '|' or the end, trimmed, into
 * out; *text moves past the '|' (NULL at the end).  False when it does not fit. */
static bool next_field(const char **text, char *out, size_t size) {
  const char *t = *text;
  while (*t == ' ' || *t == '\t') t++;
  size_t n = strcspn(t, "|");
  *text = t[n] == '|' ? t + n + 1 : NULL;
  while (n && (t[n - 1] == ' ' || t[n - 1] == '\t' || t[n - 1] == '\r' || t[n - 1] == '\n')) n--;
  if (n >= size) return false;
  memcpy(out, t, n);
  out[n] = 0;
  return true;
}

bool ev_tune_parse_line(const Rules *r, const char *line, Position *p, double *white_result, float *white_score,
                        bool *is_data, char *err, int errlen) {
  *is_data = false;
  *white_score = NAN;
  while (*line == ' ' || *line == '\t') line++;
  if (!*line || *line == '\n' || *line == '\r' || *line == '#') return true;
  char fen[600], result[128], score[16] = "";
  const char *rest = line;
  bool fen_fits = next_field(&rest, fen, sizeof fen);
  if (!rest) {
    snprintf(err, (size_t)errlen, "no '|' between the position and the result");
    return false;
  }
  if (!fen_fits || !fen[0]) {
    snprintf(err, (size_t)errlen, "the position is %s", fen_fits ? "missing" : "too long");
    return false;
  }
  if (!next_field(&rest, result, sizeof result)) {
    snprintf(err, (size_t)errlen, "the result is too long");
    return false;
  }
  if (rest && (!next_field(&rest, score, sizeof score) || rest)) {
    snprintf(err, (size_t)errlen, "after the result, only a score may follow (FEN | RESULT | SCORE)");
    return false;
  }
  result[strcspn(result, " \t")] = 0; /* words after the result are a comment */
  if (!strcmp(result, "1") || !strcmp(result, "1.0") || !strcmp(result, "1-0"))
    *white_result = 1;
  else if (!strcmp(result, "0") || !strcmp(result, "0.0") || !strcmp(result, "0-1"))
    *white_result = 0;
  else if (!strcmp(result, "0.5") || !strcmp(result, "1/2-1/2"))
    *white_result = 0.5;
  else {
    snprintf(err, (size_t)errlen, "the result '%s' is none of 1, 0.5, 0, 1-0, 1/2-1/2, 0-1", result);
    return false;
  }
  if (score[0]) {
    char *end;
    errno = 0;
    long v = strtol(score, &end, 10);
    if (*end || errno || v < -EV_TUNE_SCORE_LIMIT || v > EV_TUNE_SCORE_LIMIT) {
      snprintf(err, (size_t)errlen, "the score '%s' is not a whole number of centipawns within %d", score,
               EV_TUNE_SCORE_LIMIT);
      return false;
    }
    *white_score = (float)v;
  }
  char why[RULES_ERR_LEN];
  if (!pos_set_fen(p, r, fen, why, sizeof why)) {
    snprintf(err, (size_t)errlen, "bad position: %s", why);
    return false;
  }
  *is_data = true;
  return true;
}

bool ev_tune_add_line(EvTuneSet *set, const char *line, bool *added, char *err, int errlen) {
  double white;
  float white_score;
  *added = false;
  if (!ev_tune_parse_line(set->e->rules, line, &set->scratch, &white, &white_score, added, err, errlen)) return false;
  if (!*added) return true;
  if (!add(set, &set->scratch, white, white_score)) {
    *added = false;
    snprintf(err, (size_t)errlen, "out of memory");
    return false;
  }
  return true;
}

static inline double sigmoid(double k, double eval) { return 1.0 / (1.0 + exp(-k * eval)); }

static inline double evaluate(const EvTuneSet *set, const double *theta, size_t pos) {
  double sum = 0;
  for (size_t j = set->start[pos]; j < set->start[pos + 1]; j++) sum += theta[set->index[j]] * set->value[j];
  return sum;
}

/* Which positions take part: 0 left out (decided), 1 training, 2 held out. */
enum { LEFT_OUT = 0, TRAINING = 1, HELD_OUT = 2 };

/* Mean squared error against the labels over the positions of one part. */
static double loss(const EvTuneSet *set, const float *label, const double *theta, double k, const uint8_t *part,
                   int which) {
  double sum = 0;
  size_t n = 0;
  for (size_t i = 0; i < set->count; i++) {
    if (part[i] != which) continue;
    double d = label[i] - sigmoid(k, evaluate(set, theta, i));
    sum += d * d;
    n++;
  }
  return n ? sum / (double)n : 0;
}

/* The scale of the sigmoid that fits the start weights to the results best (golden section on
 * log k). */
static double fit_k(const EvTuneSet *set, const double *theta, const uint8_t *part) {
  double lo = log(1e-4), hi = log(0.1);
  const double golden = 0.6180339887498949;
  for (int i = 0; i < 60; i++) {
    double a = hi - golden * (hi - lo), b = lo + golden * (hi - lo);
    if (loss(set, set->result, theta, exp(a), part, TRAINING) < loss(set, set->result, theta, exp(b), part, TRAINING))
      hi = b;
    else
      lo = a;
  }
  return exp((lo + hi) / 2);
}

bool ev_tune_fit(EvTuneSet *set, const EvTuneConfig *config, EvalWeights *weights, EvTuneReport *report) {
  memset(report, 0, sizeof *report);
  if (!set->count) return false;
  int epochs = config && config->epochs > 0 ? config->epochs : 2000;
  double rate = config && config->rate > 0 ? config->rate : 1.0;
  int every = config && config->validation_every > 1 ? config->validation_every : 10;
  int decided = config && config->decided ? config->decided : 1000;
  double l2 = config && config->l2 ? config->l2 : 1e-8;
  if (l2 < 0) l2 = 0;
  int used = ev_weight_count(set->e), params = 2 * used;
  double *theta = calloc((size_t)params * 5, sizeof *theta);
  uint8_t *part = malloc(set->count);
  if (!theta || !part) {
    free(theta);
    free(part);
    return false;
  }
  double *gradient = theta + params, *m = gradient + params, *v = m + params, *start = v + params;
  for (int i = 0; i < used; i++) theta[2 * i] = weights->w[i].mg, theta[2 * i + 1] = weights->w[i].eg;
  memcpy(start, theta, (size_t)params * sizeof *theta);
  for (size_t i = 0; i < set->count; i++) {
    if (decided > 0 && fabs(evaluate(set, theta, i)) > decided) {
      part[i] = LEFT_OUT;
      report->decided_positions++;
    } else if ((size_t)every <= set->count && i % (size_t)every == 0) { /* too few: none held out */
      part[i] = HELD_OUT;
      report->validation_positions++;
    } else {
      part[i] = TRAINING;
      report->train_positions++;
    }
  }
  if (!report->train_positions) {
    free(theta);
    free(part);
    return false;
  }
  double k = fit_k(set, theta, part);
  report->k = k;
  /* The labels: results, with the scores blended in where asked and given. */
  double score_weight = config && config->score_weight > 0 ? fmin(config->score_weight, 1) : 0;
  float *label = set->result;
  if (score_weight > 0) {
    label = malloc(set->count * sizeof *label);
    if (!label) {
      free(theta);
      free(part);
      return false;
    }
    for (size_t i = 0; i < set->count; i++) {
      label[i] = set->result[i];
      if (isnan(set->score[i])) continue;
      label[i] = (float)((1 - score_weight) * set->result[i] + score_weight * sigmoid(k, set->score[i]));
      report->scored_positions++;
    }
  }
  report->train_before = loss(set, label, theta, k, part, TRAINING);
  report->validation_before = loss(set, label, theta, k, part, HELD_OUT);
  const double beta1 = 0.9, beta2 = 0.999, epsilon = 1e-8;
  double scale = 1.0 / (double)report->train_positions;
  for (int epoch = 1; epoch <= epochs; epoch++) {
    for (int j = 0; j < params; j++) gradient[j] = 2 * l2 * (theta[j] - start[j]);
    for (size_t i = 0; i < set->count; i++) {
      if (part[i] != TRAINING) continue;
      double s = sigmoid(k, evaluate(set, theta, i));
      double g = -2.0 * (label[i] - s) * s * (1 - s) * k * scale;
      for (size_t j = set->start[i]; j < set->start[i + 1]; j++) gradient[set->index[j]] += g * set->value[j];
    }
    double c1 = 1 - pow(beta1, epoch), c2 = 1 - pow(beta2, epoch);
    for (int j = 0; j < params; j++) {
      m[j] = beta1 * m[j] + (1 - beta1) * gradient[j];
      v[j] = beta2 * v[j] + (1 - beta2) * gradient[j] * gradient[j];
      /* A weight no position uses has no gradient, m and v stay 0: it stays where it started. */
      theta[j] -= rate * (m[j] / c1) / (sqrt(v[j] / c2) + epsilon);
    }
    if (config && config->on_progress && (epoch % 100 == 0 || epoch == epochs))
      config->on_progress(config->context, epoch, epochs, loss(set, label, theta, k, part, TRAINING),
                          loss(set, label, theta, k, part, HELD_OUT));
  }
  report->train_after = loss(set, label, theta, k, part, TRAINING);
  report->validation_after = loss(set, label, theta, k, part, HELD_OUT);
  if (label != set->result) free(label);
  for (int i = 0; i < used; i++) {
    weights->w[i].mg = (int)lround(fmax(-EV_WEIGHT_LIMIT, fmin(EV_WEIGHT_LIMIT, theta[2 * i])));
    weights->w[i].eg = (int)lround(fmax(-EV_WEIGHT_LIMIT, fmin(EV_WEIGHT_LIMIT, theta[2 * i + 1])));
  }
  free(theta);
  free(part);
  return true;
}
