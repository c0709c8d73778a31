// Test presets. CHESS_TUTORIAL is the complete Chess code of seed 000 (the GAME Code
// tutorial), in its own style, with four slips of the tutorial corrected (each marked
// "fix:"): `rankname 8` -> `rankname #to 8`; White's en passant test `checkaleap #to ep 0 1`
// -> `checkaleap #ep #to 0 1` (the tutorial's direction is Black's); the double step also
// requires the pawn's own second rank; castling also tests the squares passed over (the
// tutorial explains that loop but leaves it out of the final sub). Black's halves mirror White's.
#ifndef HERALD_TESTS_GAMECODE_CHESS_PRESETS_H
#define HERALD_TESTS_GAMECODE_CHESS_PRESETS_H

namespace gctest {

inline const char *chess_tutorial_header() {
  return "Game: Chess (seed 000 tutorial)\n"
         "Files: a b c d e f g h\n"
         "Ranks: 1 2 3 4 5 6 7 8\n";
}

inline const char *chess_tutorial_code() {
  return R"GC(
[Pre-Game]
set k findpiece k spaces;
set K findpiece K spaces;
setflag a1 e1 h1 a8 e8 h8;
set ep false;
set nopvc 0;
setsystem maxmove 2;
ban commands allmoves;
allow moves 1 captures 1 promotions 2;

def K checkleap #0 #1 1 0 or checkleap #0 #1 1 1;
def Q checkride #0 #1 1 0 or checkride #0 #1 1 1;
def B checkride #0 #1 1 1;
def R checkride #0 #1 1 0;
def N checkleap #0 #1 1 2;
def k checkleap #0 #1 1 0 or checkleap #0 #1 1 1;
def q checkride #0 #1 1 0 or checkride #0 #1 1 1;
def b checkride #0 #1 1 1;
def r checkride #0 #1 1 0;
def n checkleap #0 #1 1 2;

def P and == var ep join filename #1 rankname #0 checkleap #0 #1 1 1 or and == rankname #0 2 checkatwostep #0 #1 0 1 0 1 or checkleap #0 #1 0 1 and empty #1 or and islower space #1 checkleap #0 #1 1 1 and > rank #1 rank #0;
def p and == var ep join filename #1 rankname #0 checkleap #0 #1 1 1 or and == rankname #0 7 checkatwostep #0 #1 0 -1 0 -1 or checkleap #0 #1 0 1 and empty #1 or and isupper space #1 checkleap #0 #1 1 1 and < rank #1 rank #0;

def PL array where #0 0 2 where #0 0 1 where #0 -1 1 where #0 1 1;
def pL array where #0 0 -2 where #0 0 -1 where #0 -1 -1 where #0 1 -1;
def NL leaps #0 1 2;
def BL rides #0 1 1;
def RL rides #0 1 0;
def QL merge rides #0 1 0 rides #0 1 1;
def KL merge leaps #0 1 0 leaps #0 1 1;
def nL leaps #0 1 2;
def bL rides #0 1 1;
def rL rides #0 1 0;
def qL merge rides #0 1 0 rides #0 1 1;
def kL merge leaps #0 1 0 leaps #0 1 1;

sub P from to:
	if <= rank #to rank #from:
		die A Pawn may only move forward. The move from #from to #to is not forward;
	elseif capture:
		if not checkleap #from #to 1 1:
			die The Pawn on #from cannot make a capturing move to #to;
		endif;
		set ep false;
	elseif checkaleap #from #to 0 1:
		set ep false;
	elseif checkaride #from #to 0 1 and checkaleap #from #to 0 2 and == rankname #from 2: // fix
		set ep #to;
	elseif checkaleap #ep #to 0 1 and checkleap #from #to 1 1: // fix
		empty #ep;
		set ep false;
	else:
		die A Pawn cannot make a non-capturing move from #from to #to;
	endif;
	if != space #to moved:
		if or != rankname #to 8 not match space #to Q R B N: // fix
			die Illegal Pawn promotion;
		endif;
	elseif == rankname #to 8: // fix
		askpromote Q R B N;
	endif;
	return true;
endsub;

sub p from to:
	if >= rank #to rank #from:
		die A Pawn may only move forward. The move from #from to #to is not forward;
	elseif capture:
		if not checkleap #from #to 1 1:
			die The Pawn on #from cannot make a capturing move to #to;
		endif;
		set ep false;
	elseif checkaleap #from #to 0 -1:
		set ep false;
	elseif checkaride #from #to 0 -1 and checkaleap #from #to 0 -2 and == rankname #from 7:
		set ep #to;
	elseif checkaleap #to ep 0 1 and checkleap #from #to 1 1:
		empty #ep;
		set ep false;
	else:
		die A Pawn cannot make a non-capturing move from #from to #to;
	endif;
	if != space #to moved:
		if or != rankname #to 1 not match space #to q r b n:
			die Illegal Pawn promotion;
		endif;
	elseif == rankname #to 1:
		askpromote q r b n;
	endif;
	return true;
endsub;

sub checked king:
	my from piece;
	if isupper #king:
		def enemies onlylower;
	else:
		def enemies onlyupper;
	endif;
	for (from piece) fn enemies:
		if fn #piece #from #king:
			return #from;
		endif;
	next;
	return false;
endsub;

sub castle from to:
	local c RPOS RDEST xdir;
	set xdir sign minus file #to file #from;
	if not checkaleap #from #to * #xdir 2 0:
		die A King may not move from #from to #to;
	elseif not flag #from:
		die A King may not castle after it has already moved.;
	elseif capture:
		die A King may not castle to an occupied space.;
	elseif not empty where #from #xdir 0:
		die A King may not pass over an occupied space when castling.;
	endif;
	set c #to;
	do:
		set c where #c #xdir 0;
		if not empty #c and flag #c:
			break;
		elseif flag #c:
			die The King cannot castle with a missing piece;
		elseif not onboard #c:
			die No piece was found to castle with.;
		elseif not empty #c:
			die The King cannot castle with the piece at #c;
		endif;
	loop;
	set RPOS #c;
	move #to #from;
	if sub checked #from:
		die A King may not castle out of check.;
	endif;
	store;
	for c path #from #to: // fix: the through-check loop of the tutorial's text
		move #from #c;
		if sub checked #c:
			die A King may not castle through check.;
		endif;
		restore;
	next;
	move #from #to;
	set RDEST where #from #xdir 0;
	move #RPOS #RDEST;
	unsetflag #from #to #RPOS #RDEST;
	return true;
endsub;

sub stalemated kingpos:
	local from to;
	if isupper #kingpos:
		def friends onlyupper;
		def friend isupper #0;
	else:
		def friends onlylower;
		def friend islower #0;
	endif;
	store;
	for (from piece) fn friends:
		switch #piece:
			case K k:
				for to fn join #piece L #kingpos:
					if not fn friend space #to:
						move #kingpos #to;
						set incheck sub checked #to;
						restore;
						verify #incheck;
					endif;
				next;
				break;
			case P p:
				for to fn join #piece L #from:
					if fn #piece #from #to and not fn friend space #to:
						move #from #to;
						set incheck sub checked #kingpos;
						restore;
						verify #incheck;
					endif;
				next;
				break;
			default:
				for to fn join #piece L #from:
					if not fn friend space #to:
						move #from #to;
						set incheck sub checked #kingpos;
						restore;
						verify #incheck;
					endif;
				next;
				break;
		endswitch;
	next;
	return true;
endsub;

[Post-Move 1]
set legal false;
if islower moved:
  die You may not move one of your opponent's pieces.;
elseif isupper old:
  die You may not capture your own pieces.;
elseif == moved P:
    set legal sub P origin dest;
	set nopvc 0;
else:
  set ep false;
  if capture:
    set nopvc 0;
  else
    inc nopvc;
  endif;
  if != space dest moved:
    die You may not change the type of this piece.;
  elseif == moved K:
    set legal sub castle origin dest or fn K origin dest;
    set K dest;
  elseif match moved Q R B N:
    set legal fn moved origin dest;
  endif;
endif;
if not var legal:
  die You may not move a moved from origin to dest;
elseif sub checked #K:
  die You may not move into check.;
endif;
unsetflag origin dest;
set posvar join "w" join fencode boardflags;
inc #posvar;

[Post-Move 2]
set legal false;
if isupper moved:
  die You may not move one of your opponent's pieces.;
elseif islower old:
  die You may not capture your own pieces.;
elseif == moved p:
    set legal sub p origin dest;
	set nopvc 0;
else:
  set ep false;
  if capture:
    set nopvc 0;
  else
    inc nopvc;
  endif;
  if != space dest moved:
    die You may not change the type of this piece.;
  elseif == moved k:
    set legal sub castle origin dest or fn k origin dest;
    set k dest;
  elseif match moved q r b n:
    set legal fn moved origin dest;
  endif;
endif;
if not var legal:
  die You may not move a moved from origin to dest;
elseif sub checked #k:
  die You may not move into check.;
endif;
unsetflag origin dest;
set posvar join "b" join fencode boardflags;
inc #posvar;

[Post-Game 1]
if >= var #posvar 3:
  say Three Times Repetition! Drawn Game!;
  drawn;
endif;
if sub checked #k:
  if sub stalemated #k:
    say Checkmate! White has won!;
    won;
  else:
    say Check!;
  endif;
elseif sub stalemated #k:
  say Stalemate! The game is drawn.;
  drawn;
endif;
if >= #nopvc 100:
  say Fifty Moves Without Moving a Pawn or Capturing! Game Drawn!;
  drawn;
endif;

[Post-Game 2]
if >= var #posvar 3:
  say Three Times Repetition! Drawn Game!;
  drawn;
endif;
if sub checked #K:
  if sub stalemated #K:
    say Checkmate! Black has won!;
    won;
  else:
    say Check!;
  endif;
elseif sub stalemated #K:
  say Stalemate! The game is drawn.;
  drawn;
endif;
if >= #nopvc 100:
  say Fifty Moves Without Moving a Pawn or Capturing! Game Drawn!;
  drawn;
endif;
)GC";
}

// CHESS_2004 is the older preset of seed 001 ("Anatomy of a Preset: Chess", 2004), typed in
// its own syntax: blocks opened with ';', `endif N` / `endif all`, equal/unequal/nor/anyfalse/
// neg, and bare origin/dest/moved/old. Its typos are kept (e.g. `what #K what 1 0`).
inline const char *chess_2004_code() {
  return R"GC(
[Pre-Game]
setflag a1 a8 h1 h8 e1 e8;
set k e8; set K e1;
set ep null;

[Post-Move 1]
if isupper old;
  die You may not capture your own pieces.;
endif;
if not equal moved P;
  set ep null;
  if unequal space dest moved;
    die You may not change the type of this piece.;
  endif;
endif;
set legal false;
if equal moved P;
  if and not capture equal file origin file dest;
    set legal checkaleap origin dest 0 1;
    if var legal;
      set ep null;
    else;
      set legal and equal rankname origin 2 checkatwostep origin dest 0 1 0 1;
    	  set ep dest;
    endif;
  elseif or capture equal rankname origin 5;
    set legal or checkaleap origin dest neg 1 1 checkaleap origin dest 1 1;
    if and var legal not capture;
      set cd join filename dest 5;
      set legal equal var cd var ep;
      if var legal;
      	capture #ep;
      endif;
    endif;
    set ep null;
  endif 2;
  if nor equal space dest moved equal rankname dest 8;
    die You may not promote a Pawn that is not on your last rank.;
  endif;
  if equal rankname dest 8;
    if equal P space dest;
      die You must promote a Pawn when it reaches your last rank.;
    elseif not match space dest Q R B N;
      set np space dest;
      die You may not promote your Pawn to a #np;
    endif 2;
  endif;
elseif equal moved N;
  set legal checkleap origin dest 1 2;
elseif equal moved B;
  set legal checkride origin dest 1 1;
elseif equal moved R;
  set legal checkride origin dest 1 0;
  if var legal;
    unsetflag origin;
  endif;
elseif equal moved Q;
  set legal or checkride origin dest 1 1 checkride origin dest 1 0;
elseif equal moved K;
  set legal or checkleap origin dest 1 1 checkleap origin dest 1 0;
  if and equal origin e1 match dest c1 g1;
    if not flag e1;
      die You can't castle, because you have already moved your King;
    endif;
    if match p space d2 space f2;
    elseif match n space c2 space d3 space f3 space g2;
    elseif match insight e1 neg 1 0 r q;
    elseif match insight e1 0 1 r q;
    elseif match insight e1 1 0 r q;
    elseif match insight e1 neg 1 1 b q;
    elseif match insight e1 1 1 b q;
    else;
      set legal true;
    endif 7;
    if not var legal;
    	die You can't castle when you're in check;
    endif;
    set legal false;
    if equal dest g1;
      if anyfalse flag h1 empty f1 not capture;
      elseif match p space e2 space g2;
      elseif match n space d2 space e3 space g3 space h2;
      elseif match insight f1 0 1 r q;
      elseif match insight f1 neg 1 1 b q;
      elseif match insight f1 1 1 b q;
      else;
        set legal true;
        unsetflag h1;
        move h1 f1;
      endif 6;
    else;
      if anyfalse flag a1 empty b1 empty d1 not capture;
      elseif match p space c2 space e2;
      elseif match n space f2 space e3 space c3 space b2 space f2;
      elseif match insight d1 0 1 r q;
      elseif match insight d1 neg 1 1 b q;
      elseif match insight d1 1 1 b q;
      else;
        set legal true;
        unsetflag a1;
        move a1 d1;
      endif 6;
    endif;
    if not var legal;
      die You can't castle to dest;
    endif;
  endif;
  unsetflag e1;
  set K dest;
endif all;
if not var legal;
  die You may not move a moved from origin to dest;
endif;
set legal false;
if match p what #K 1 1 what #K neg 1 1;
elseif match n what #K 1 2 what #K neg 1 2 what #K 1 neg 2 what #K neg 1 neg 2;
elseif match n what #K 2 1 what #K neg 2 1 what #K 2 neg 1 what #K neg 2 neg 1;
elseif match insight #K 0 neg 1 r q;
elseif match insight #K neg 1 0 r q;
elseif match insight #K 0 1 r q;
elseif match insight #K 1 0 r q;
elseif match insight #K neg 1 neg 1 b q;
elseif match insight #K neg 1 1 b q;
elseif match insight #K 1 neg 1 b q;
elseif match insight #K 1 1 b q;
elseif match k what #K 1 neg 1 what #K what 1 0 what #K 1 1 what #K 0 1;
elseif match k what #K neg 1 neg 1 what #K what neg 1 0 what #K neg 1 1 what #K 0 neg 1;
else;
  set legal true;
endif all;
if not var legal;
  die You may not move into check;
endif;

[Post-Move 2]
if islower old;
  die You may not capture your own pieces.;
endif;
if not equal moved p;
  set ep null;
  if unequal space dest moved;
    die You may not change the type of this piece.;
  endif;
endif;
set legal false;
if equal moved p;
  if and not capture equal file origin file dest;
    set legal checkaleap origin dest 0 neg 1;
    if var legal;
      set ep null;
    else;
      set legal and equal rankname origin 7 checkatwostep origin dest 0 neg 1 0 neg 1;
      set ep dest;
    endif;
  elseif or capture equal rankname origin 4;
    set legal or checkaleap origin dest neg 1 neg 1 checkaleap origin dest 1 neg 1;
    if and var legal not capture;
      set cd join filename dest 4;
      set legal equal var cd var ep;
      if var legal;
      	capture #ep;
      endif;
    endif;
    set ep null;
  endif 2;
  if nor equal space dest moved equal rankname dest 1;
    die You may not promote a Pawn that is not on your last rank.;
  endif;
  if equal rankname dest 1;
    if equal p space dest;
      die You must promote a Pawn when it reaches your last rank.;
    elseif not match space dest q r b n;
      set np space dest;
      die You may not promote your Pawn to a #np;
    endif 2;
  endif;
elseif equal moved n;
  set legal checkleap origin dest 1 2;
elseif equal moved b;
  set legal checkride origin dest 1 1;
elseif equal moved r;
  set legal checkride origin dest 1 0;
  if var legal;
    unsetflag origin;
  endif;
elseif equal moved q;
  set legal or checkride origin dest 1 1 checkride origin dest 1 0;
elseif equal moved k;
  set legal or checkleap origin dest 1 1 checkleap origin dest 1 0;
  if and equal origin e8 match dest c8 g8;
    if not flag e8;
      die You can't castle, because you have already moved your King;
    endif;
    if match P space d7 space f7;
    elseif match N space c7 space d6 space f6 space g7;
    elseif match insight e8 neg 1 0 R Q;
    elseif match insight e8 0 neg 1 R Q;
    elseif match insight e8 1 0 R Q;
    elseif match insight e8 neg 1 neg 1 B Q;
    elseif match insight e8 1 neg 1 B Q;
    else;
      set legal true;
    endif 7;
    if not var legal;
    	die You can't castle when you're in check;
    endif;
    set legal false;
    if equal dest g8;
      if anyfalse flag h8 empty f8 not capture;
      elseif match P space e7 space g7;
      elseif match N space d7 space e6 space g6 space h7;
      elseif match insight f8 0 neg 1 R Q;
	  elseif match insight f8 neg 1 neg 1 B Q;
      elseif match insight f8 1 neg 1 B Q;
      else;
        set legal true;
        unsetflag h8;
        move h8 f8;
      endif 6;
    else;
      if anyfalse flag a8 empty b8 empty d8 not capture;
      elseif match P space c7 space e7;
      elseif match N space f7 space e6 space c6 space b7 space f7;
      elseif match insight d8 0 neg 1 R Q;
	  elseif match insight d8 neg 1 neg 1 B Q;
      elseif match insight d8 1 neg 1 B Q;
      else;
        set legal true;
        unsetflag a8;
        move a8 d8;
      endif 6;
    endif;
    if not var legal;
      die You may not castle to dest;
    endif;
  endif;
  unsetflag e8;
  set k dest;
endif all;
if not var legal;
  die You may not move a moved from origin to dest;
endif;
set legal false;
if match P what #k 1 neg 1 what #k neg 1 neg 1;
elseif match N what #k 1 2 what #k neg 1 2 what #k 1 neg 2 what #k neg 1 neg 2;
elseif match N what #k 2 1 what #k neg 2 1 what #k 2 neg 1 what #k neg 2 neg 1;
elseif match insight #k 0 neg 1 R Q;
elseif match insight #k neg 1 0 R Q;
elseif match insight #k 0 1 R Q;
elseif match insight #k 1 0 R Q;
elseif match insight #k neg 1 neg 1 B Q;
elseif match insight #k neg 1 1 B Q;
elseif match insight #k 1 neg 1 B Q;
elseif match insight #k 1 1 B Q;
elseif match K what #k 1 neg 1 what #k what 1 0 what #k 1 1 what #k 0 1;
elseif match K what #k neg 1 neg 1 what #k what neg 1 0 what #k neg 1 1 what #k 0 neg 1;
else;
  set legal true;
endif all;
if not var legal;
  die You may not move into check;
endif;
)GC";
}

} // namespace gctest

#endif
